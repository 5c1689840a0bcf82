import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { buildPageFonts, cutRange, rangeOf, SERVED_FAMILY, siteChineseLetters } from "../../scripts/page-fonts-plugin";
import { hasChineseOrBurmese } from "../../src/shared/letters";

// Cutting the fonts takes seconds of CPU; on a busy machine more than the default 5 s.
describe("the pages' Chinese and Burmese fonts", { timeout: 60_000 }, () => {
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

  it("writes one long-lived stylesheet of WOFF2 slices, regular and bold, that never claims Latin letters or emoji", async () => {
    const fonts = await buildPageFonts(process.cwd());
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

  it("writes runs of neighbouring letters as one range", () => {
    expect(rangeOf([0x4e00, 0x4e01, 0x4e02, 0x4e09, 0x9fff])).toBe("U+4e00-4e02,U+4e09,U+9fff");
    expect(rangeOf([])).toBe("");
  });

  it("cuts the site's Chinese words' faces to every Chinese letter of the catalogues and of Intl's Chinese, and holds each", async () => {
    const root = process.cwd();
    const points = siteChineseLetters(root);
    // Every Chinese letter of every catalogue in Chinese is among them.
    const catalogues = readdirSync(path.join(root, "src"), { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(`messages${path.sep}zh.json`),
    );
    expect(catalogues.length).toBeGreaterThan(5);
    const wanted = new Set(points);
    for (const file of catalogues) {
      for (const letter of readFileSync(path.join(root, "src", file), "utf8")) {
        if (/\p{Script=Han}/u.test(letter)) expect(wanted.has(letter.codePointAt(0)!), `${letter} of ${file}`).toBe(true);
      }
    }
    // What Intl writes for dates, times of day and relative times.
    for (const letter of "年月日周星期上午下午晚天小时分钟秒前后") expect(wanted.has(letter.codePointAt(0)!), letter).toBe(true);
    // And no Latin letter, digit or emoji.
    expect(points.every((point) => point >= 0x2e80)).toBe(true);

    const fonts = await buildPageFonts(root);
    expect(fonts.chineseWordsHref).toMatch(/^\/assets\/page-fonts-zh-words-[\w-]{10}\.css$/);
    const rules = fonts.files.get(fonts.chineseWordsHref.slice(1))!.toString().trim().split("\n");
    expect(rules).toHaveLength(2);
    for (const [i, weight] of [400, 700].entries()) {
      const rule = rules[i]!;
      expect(rule).toMatch(new RegExp(`^@font-face\\{font-family:"${SERVED_FAMILY}";.*font-weight:${weight};src:local\\("[^"]+"\\),`));
      expect(rule).toContain(`unicode-range:${rangeOf(points)}}`);
      const file = /url\(\/([^)]+\.woff2)\) format\("woff2"\)/.exec(rule)![1]!;
      const bytes = fonts.files.get(file)!;
      // A fraction of the slices' bytes: about 100 kB a weight.
      expect(bytes.length).toBeLessThan(160_000);
      const font = fontkit.create(bytes);
      for (const point of points) expect(font.hasGlyphForCodePoint(point), String.fromCodePoint(point)).toBe(true);
    }
  });
});
