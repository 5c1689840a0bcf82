/**
 * The site behind a proxy that ends TLS, with TRUST_PROXY unset: requests arrive as http://
 * (under the site's Host or the proxy's upstream one) while browsers post forms from https://.
 */
import { expect, it } from "vitest";
import { describeDb } from "../support/database";
import { uniqueSgMobile } from "../support/notify";
import { formBody, formHeaders, usePageApp } from "../support/pages";

const PUBLIC_URL = "https://directhelpers.example";

describeDb("page forms behind a TLS proxy", () => {
  const t = usePageApp({ env: { PUBLIC_URL } });

  const gate = (headers: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url: "/filters",
      headers: { ...formHeaders, ...headers },
      payload: formBody({ name: "Proxied Visitor", phone: uniqueSgMobile().typed }),
    });

  it("takes a form posted from PUBLIC_URL's origin, whatever Host the proxy passes on", async () => {
    for (const host of ["directhelpers.example", "127.0.0.1:3000"]) {
      const passed = await gate({ host, origin: PUBLIC_URL });
      expect(passed.statusCode, `${host}: ${passed.body.slice(0, 300)}`).toBe(200);
      expect(String(passed.headers["set-cookie"])).toMatch(/^visitor=/);
    }
  });

  it("still refuses a form posted from another site", async () => {
    const refused = await gate({ host: "directhelpers.example", origin: "https://elsewhere.example" });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["set-cookie"]).toBeUndefined();
  });
});
