import { describe, expect, it } from "vitest";
import { fieldWithNul, jsonDeeperThan } from "../../src/server/http/input-guard";

describe("the input guard's walks of a request's values", () => {
  it("finds a NUL 100,000 levels deep without running out of stack", () => {
    let value: unknown = { name: "An\u0000n" };
    for (let i = 0; i < 100_000; i++) value = i % 2 ? [value] : { inner: value };
    expect(fieldWithNul(value)).toMatch(/^inner\.inner\..*\.name$/);
  });

  it("names the first field with a NUL, keys included, in the order sent", () => {
    expect(fieldWithNul({ a: "fine", b: ["x", { c: "bad\u0000" }], d: "bad\u0000" })).toBe("b.c");
    expect(fieldWithNul({ ok: 1, ["k\u0000ey"]: "x" })).toBe("key");
    expect(fieldWithNul({ ok: ["fine"], deep: { fine: true } })).toBeUndefined();
  });

  it("measures JSON nesting without counting brackets inside strings", () => {
    expect(jsonDeeperThan(`${"[".repeat(33)}${"]".repeat(33)}`, 32)).toBe(true);
    expect(jsonDeeperThan(`${"[".repeat(32)}${"]".repeat(32)}`, 32)).toBe(false);
    expect(jsonDeeperThan(JSON.stringify({ text: '[[[[{{{{"\\[[[['.repeat(20) }), 2)).toBe(false);
  });
});
