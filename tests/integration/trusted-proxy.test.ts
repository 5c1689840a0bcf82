import { expect, it } from "vitest";
import { describeDb } from "../support/database";
import { uniqueEmail } from "../support/factories";
import { uniqueSgMobile } from "../support/notify";
import { useTestApp } from "../support/test-app";

/**
 * Behind a proxy, X-Forwarded-For is "what the client wrote, …, what each proxy saw". Only the
 * right-hand part is written by proxies the site trusts, so varying the left-hand part must not
 * make a client look like someone new to the per-address limits.
 */
const PROXY = "10.9.9.9";

const setups = [
  ["one proxy hop (TRUST_PROXY=1)", "1"],
  ["the proxy's address (TRUST_PROXY=10.9.9.9)", PROXY],
] as const;

for (const [setup, trustProxy] of setups) {
  describeDb(`behind ${setup}, a client cannot escape the limits by writing X-Forwarded-For`, () => {
    const t = useTestApp({
      env: { TRUST_PROXY: trustProxy },
      leadLimits: { max: 2, windowMs: 60_000 },
      authLimits: { signIn: 2, signUp: 1000, resetPassword: 1000 },
    });

    /** What the proxy forwards: whatever the client claimed, then the address it really came from. */
    const forwarded = (claimed: string, client: string) => ({
      remoteAddress: PROXY,
      headers: { "x-forwarded-for": `${claimed}, ${client}`, origin: "http://localhost:3000" },
    });

    it("limits leads by the address the proxy saw, whatever the client put in front of it", async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i += 1) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/leads",
          ...forwarded(`203.0.113.${i}`, "198.51.100.7"),
          payload: { name: "Header Writer", phone: uniqueSgMobile().typed },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([201, 201, 429, 429]);
      // Another real client behind the same proxy keeps its own allowance.
      const other = await t.app.inject({
        method: "POST",
        url: "/api/leads",
        ...forwarded("203.0.113.1", "198.51.100.8"),
        payload: { name: "Someone Else", phone: uniqueSgMobile().typed },
      });
      expect(other.statusCode).toBe(201);
    });

    it("limits sign-in attempts by the address the proxy saw", async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i += 1) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          ...forwarded(`203.0.113.${i}`, "198.51.100.9"),
          payload: { email: uniqueEmail(), password: "wrong password" },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(2)).toEqual([429, 429]);
    });
  });
}
