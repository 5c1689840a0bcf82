import { describe, expect, it } from "vitest";
import { readVisitor, visitorCookie, VISITOR_MAX_AGE_SECONDS } from "../../src/app/lib/visitor-cookie";

function cookieValue(setCookie: string): string {
  return setCookie.split(";")[0]!;
}

describe("the visitor cookie", () => {
  it("remembers a visitor for 30 days on every path, out of reach of page scripts", () => {
    const header = visitorCookie({ name: "Tan Mei Ling", phone: "+6591234567" });
    expect(header).toMatch(/^visitor=[^;\s",]+; /);
    expect(header).toContain(`Max-Age=${VISITOR_MAX_AGE_SECONDS}`);
    expect(VISITOR_MAX_AGE_SECONDS).toBe(2_592_000);
    expect(header).toContain("Path=/");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("HttpOnly");
    expect(header).not.toContain("Secure");
    expect(visitorCookie({ name: "A", phone: "+6591234567" }, { secure: true })).toContain("Secure");
  });

  it("reads back the JSON it wrote, among other cookies", () => {
    const value = cookieValue(visitorCookie({ name: "O'Neil, \"Jo\" 林", phone: "+6591234567" }));
    expect(readVisitor(`theme=dark; ${value}; other=1`)).toEqual({ name: "O'Neil, \"Jo\" 林", phone: "+6591234567" });
    expect(JSON.parse(decodeURIComponent(value.slice("visitor=".length)))).toEqual({
      name: "O'Neil, \"Jo\" 林",
      phone: "+6591234567",
    });
  });

  it("accepts a cookie the original site left, which named the number phoneNumber", () => {
    const old = encodeURIComponent(JSON.stringify({ name: "Ali", phoneNumber: "91234567" }));
    expect(readVisitor(`visitor=${old}`)).toEqual({ name: "Ali", phone: "91234567" });
  });

  it("treats a missing, broken or incomplete cookie as a new visitor", () => {
    expect(readVisitor(undefined)).toBeNull();
    expect(readVisitor("")).toBeNull();
    expect(readVisitor("visitors=x")).toBeNull();
    expect(readVisitor("visitor=%7Bnot-json")).toBeNull();
    expect(readVisitor("visitor=%E0%A4%A")).toBeNull();
    expect(readVisitor(`visitor=${encodeURIComponent("[1,2]")}`)).toBeNull();
    expect(readVisitor(`visitor=${encodeURIComponent(JSON.stringify({ name: " ", phone: "+6591234567" }))}`)).toBeNull();
    expect(readVisitor(`visitor=${encodeURIComponent(JSON.stringify({ name: "Ann", phone: 91234567 }))}`)).toBeNull();
  });
});
