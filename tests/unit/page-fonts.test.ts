import { describe, expect, it } from "vitest";
import { buildPageFonts, cutRange, SERVED_FAMILY } from "../../scripts/page-fonts-plugin";
import { hasChineseOrBurmese } from "../../src/shared/letters";

describe("the pages' Chinese and Burmese fonts", () => {
  it("finds Chinese or Burmese letters anywhere in a page's data, and nothing in Latin, Tamil or emoji", () => {
    expect(hasChineseOrBurmese({ helper: { name: "Siti Aminah", notes: "<p>Cooks well 🍲, café</p>" }, cards: [] })).toBe(false);
    expect(hasChineseOrBurmese({ helper: { name: "Lakshmi", notes: "தமிழ் பேசுவார்" }, at: new Date() })).toBe(false);
    expect(hasChineseOrBurmese({ helper: { name: "Aye Aye", notes: "<p>Good</p>" }, cards: [{ name: "王秀英" }] })).toBe(true);
    expect(hasChineseOrBurmese({ sections: [{ rows: [{ value: "ကလေးများကို ချစ်သည်" }] }] })).toBe(true);
    expect(hasChineseOrBurmese(["Speaks Mandarin（普通话）"])).toBe(true);
    expect(hasChineseOrBurmese(null)).toBe(false);
  });

  it("cuts a slice's range to the script it is served for", () => {
    const chinese: [number, number][] = [[0x4e00, 0x9fff]];
    expect(cutRange("U+20-7e,U+4e00,U+4e09-4e0b,U+1f300-1f320", chinese)).toBe("U+4e00,U+4e09-4e0b");
    expect(cutRange("U+4dff-4e02, U+9ffe-a000", chinese)).toBe("U+4e00-4e02,U+9ffe-9fff");
    expect(cutRange("U+1f1e9-1f1f5", chinese)).toBe("");
    expect(() => cutRange("U+4e00-", chinese)).toThrow(/Unreadable/);
  });

  it("writes one long-lived stylesheet of WOFF2 slices, regular and bold, that never claims Latin letters or emoji", () => {
    const fonts = buildPageFonts(process.cwd());
    expect(fonts.href).toMatch(/^\/assets\/page-fonts-[\w-]{10}\.css$/);
    const css = fonts.files.get(fonts.href.slice(1))!.toString();
    const rules = css.trim().split("\n");
    for (const script of ["sc", "myanmar"]) {
      for (const weight of [400, 700]) {
        expect(
          rules.filter((rule) => rule.includes(`noto-sans-${script}-`) && rule.includes(`font-weight:${weight};`)).length,
        ).toBeGreaterThan(0);
      }
    }
    // One family, the device's own fonts first: a phone that has them downloads nothing.
    for (const rule of rules) expect(rule).toMatch(new RegExp(`^@font-face\\{font-family:"${SERVED_FAMILY}";.*src:local\\("[^"]+"\\),`));
    // Ninety-odd slices a weight for Chinese, one for Burmese.
    expect(rules.length).toBeGreaterThan(150);
    for (const rule of rules) {
      const file = /url\(\/([^)]+\.woff2)\) format\("woff2"\)/.exec(rule)?.[1];
      expect(file, rule).toMatch(/^assets\/fonts\/noto-sans-(sc|myanmar)-[\w-]+-[47]00-normal-[\w-]{10}\.woff2$/);
      const bytes = fonts.files.get(file!)!;
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("wOF2");
      const ranges = /unicode-range:([^}]+)\}/.exec(rule)![1]!.split(",");
      for (const range of ranges) {
        const [from, to = from] = range
          .slice(2)
          .split("-")
          .map((hex) => parseInt(hex, 16));
        // No ASCII or Latin-1 (the system's fonts draw those), no emoji planes.
        expect((from! > 0xff && to! < 0x1f000) || from! >= 0x20000, `${rule.slice(0, 60)}… ${range}`).toBe(true);
      }
    }
  });
});
