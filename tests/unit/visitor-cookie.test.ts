import { describe, expect, it } from "vitest";
import { createCookie } from "react-router";
import { createVisitorCookie, VISITOR_MAX_AGE_SECONDS, visitorCookieKey } from "../../src/server/http/visitor-cookie";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const cookie = createVisitorCookie(SECRET);
const LEAD = "0b6f2c1e-5d3a-4f7e-9a21-3c4d5e6f7a8b";
/** A visitor as the gate remembers them: the lead, what was typed and (first browser only) the key. */
const visitor = (name: string, phone: string, key: string | null = null) => ({ leadId: LEAD, name, phone, key });

function cookieValue(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

/** A cookie written by hand, as the original site wrote it: URI-encoded JSON, no signature. */
const handMade = (record: object) => `visitor=${encodeURIComponent(JSON.stringify(record))}`;

describe("the visitor cookie", () => {
  it("remembers a visitor for 30 days on every path, out of reach of page scripts", async () => {
    const header = await cookie.write(visitor("Tan Mei Ling", "+6591234567"));
    expect(header).toMatch(/^visitor=[^;\s",]+; /);
    expect(header).toContain(`Max-Age=${VISITOR_MAX_AGE_SECONDS}`);
    expect(VISITOR_MAX_AGE_SECONDS).toBe(2_592_000);
    expect(header).toContain("Path=/");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("HttpOnly");
    expect(header).not.toContain("Secure");
    expect(await createVisitorCookie(SECRET, { secure: true }).write(visitor("A", "+6591234567"))).toContain("Secure");
  });

  it("reads back the visitor it signed, among other cookies", async () => {
    const value = cookieValue(await cookie.write(visitor('O\'Neil, "Jo" 林', "+6591234567", "owner-key")));
    expect(await cookie.read(`theme=dark; ${value}; other=1`)).toEqual(visitor('O\'Neil, "Jo" 林', "+6591234567", "owner-key"));
    const second = cookieValue(await cookie.write(visitor("Second Browser", "+6591234567")));
    expect(await cookie.read(second)).toEqual(visitor("Second Browser", "+6591234567", null));
  });

  it("shows the gate to a hand-made cookie, even one in the original site's format", async () => {
    expect(await cookie.read(handMade({ name: "Ali", phone: "+6591234567" }))).toBeNull();
    expect(await cookie.read(handMade({ name: "Ali", phoneNumber: "91234567" }))).toBeNull();
  });

  it("shows the gate to a signed cookie whose contents were changed, or signed with another secret", async () => {
    const value = cookieValue(await cookie.write(visitor("Ann", "+6591234567")));
    const [payload, signature] = value.slice("visitor=".length).split(".") as [string, string];
    const other = Buffer.from(JSON.stringify({ lead: LEAD, name: "Ann", phone: "+6598765432" }), "utf8").toString("base64");
    expect(await cookie.read(`visitor=${other}.${signature}`)).toBeNull();
    expect(await cookie.read(`visitor=${payload}.${signature.slice(1)}`)).toBeNull();
    const elsewhere = createVisitorCookie("another-secret-of-thirty-two-characters!");
    expect(await elsewhere.read(value)).toBeNull();
  });

  it("treats a missing, broken or incomplete cookie as a new visitor", async () => {
    expect(await cookie.read(undefined)).toBeNull();
    expect(await cookie.read("")).toBeNull();
    expect(await cookie.read("visitors=x")).toBeNull();
    expect(await cookie.read("visitor=%7Bnot-json")).toBeNull();
    expect(await cookie.read("visitor=%E0%A4%A")).toBeNull();
    expect(await cookie.read("visitor=....")).toBeNull();
  });

  it("asks again when a signed cookie names no lead, as those written before leads were named did", async () => {
    const signedOld = createCookie("visitor", { secrets: [visitorCookieKey(SECRET)] });
    expect(await cookie.read(await signedOld.serialize({ name: "Old", phone: "+6591234567" }))).toBeNull();
    expect(await cookie.read(await signedOld.serialize({ lead: "not-a-lead", name: "Old", phone: "+6591234567" }))).toBeNull();
  });

  it("forgets the visitor when cleared", async () => {
    const cleared = await cookie.clear();
    expect(cleared).toMatch(/^visitor=; /);
    expect(cleared).toContain("Max-Age=0");
  });
});
