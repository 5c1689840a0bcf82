import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/server/config";
import { securityHeaders } from "../../src/server/http/security";

const headersFor = (env: Record<string, string>) => Object.fromEntries(securityHeaders(loadConfig({ DATA_DIR: "/tmp/unused", ...env })));

describe("the security headers every answer carries, worked out once at start", () => {
  it("closes an answer to everything and says so in each header browsers read", () => {
    expect(headersFor({ PUBLIC_URL: "http://localhost:3000" })).toEqual({
      "content-security-policy": "default-src 'none';frame-ancestors 'none'",
      "cross-origin-opener-policy": "same-origin",
      "cross-origin-resource-policy": "same-site",
      "origin-agent-cluster": "?1",
      "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=(), attribution-reporting=()",
      "referrer-policy": "same-origin",
      "x-content-type-options": "nosniff",
      "x-dns-prefetch-control": "off",
      "x-download-options": "noopen",
      "x-frame-options": "SAMEORIGIN",
      "x-permitted-cross-domain-policies": "none",
      "x-xss-protection": "0",
    });
  });

  it("tells browsers to keep to HTTPS only when the site is served over it", () => {
    expect(headersFor({ PUBLIC_URL: "https://directhelpers.example" })["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(headersFor({ PUBLIC_URL: "http://localhost:3000" })).not.toHaveProperty("strict-transport-security");
  });

  it("lets the pixel's hosts measure conversions only while the pixel is configured", () => {
    expect(headersFor({ PUBLIC_URL: "http://localhost:3000", META_PIXEL_ID: "1234567890" })["permissions-policy"]).toContain(
      'attribution-reporting=(self "https://connect.facebook.net" "https://www.facebook.com")',
    );
  });
});
