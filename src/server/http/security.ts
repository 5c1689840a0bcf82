/**
 * Security headers. API answers get a closed policy; pages get one built per request with a
 * nonce for the inline scripts React Router writes, and the pixel's hosts only when it is on.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config";

export const PIXEL_SCRIPT_HOST = "https://connect.facebook.net";
export const PIXEL_HOSTS = [PIXEL_SCRIPT_HOST, "https://www.facebook.com"];

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

export function pageCsp(config: Config, nonce: string, { dev = false } = {}): string {
  const pixel = config.metaPixelId ? PIXEL_HOSTS : [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...(config.metaPixelId ? [PIXEL_SCRIPT_HOST] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Pictures come from this site's media only (notes keep nothing else), so no image can tell
    // another host who is reading; data: for pictures inlined in notes, blob: for upload previews.
    // The pixel reports through an image request to its own host while it is on.
    "img-src": ["'self'", "data:", "blob:", ...pixel],
    "connect-src": ["'self'", ...pixel, ...(dev ? ["ws:"] : [])],
    "font-src": ["'self'"],
    "frame-src": ["'none'"],
    "frame-ancestors": ["'none'"],
    "form-action": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * Powerful browser features the site never uses are off for it and anything it embeds. The Meta
 * pixel measures conversions through the Attribution Reporting API, so that one stays on for
 * the pixel's hosts, and only while the pixel is configured.
 */
export function permissionsPolicy(config: Config): string {
  const attribution = config.metaPixelId ? `(self ${PIXEL_HOSTS.map((host) => `"${host}"`).join(" ")})` : "()";
  return [
    "camera=()",
    "microphone=()",
    "geolocation=()",
    "payment=()",
    "usb=()",
    "browsing-topics=()",
    `attribution-reporting=${attribution}`,
  ].join(", ");
}

/**
 * Helmet's headers as these options make them. Every one is fixed once the configuration is
 * read, so helmet runs once, at start, against a response that only records what it sets:
 * run per request (as @fastify/helmet does) it parsed its options again each time, a tenth
 * of the time of a cached API answer.
 */
export function securityHeaders(config: Config): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    },
    // Images and scripts are fetched by this site's own pages only.
    crossOriginResourcePolicy: { policy: "same-site" },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith("https:") ? { maxAge: 31_536_000 } : false,
    // Not "no-referrer": with it Chromium sends `Origin: null` on a form posted before the page's
    // script has loaded, and React Router refuses that post as cross-site. Other sites still get nothing.
    referrerPolicy: { policy: "same-origin" },
  });
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  headers.set("permissions-policy", permissionsPolicy(config));
  return [...headers];
}

/**
 * Every answer's headers, given to the reply in one call with the request's id (so an error
 * answer can be quoted by it); a page replaces the policy with its own (pages.ts). Set on the
 * reply rather than on the raw response as helmet does: Node then checks them once, as it
 * writes them, instead of once more when the reply's own headers are added to them.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = Object.fromEntries(securityHeaders(config));
  const instance = config.instanceName;
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(headers).header("x-request-id", request.id).header("x-served-by", instance);
    done();
  });
}
