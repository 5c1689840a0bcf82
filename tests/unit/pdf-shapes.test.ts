import { Document, Font, Page, renderToBuffer, Text, View } from "@react-pdf/renderer";
import { createElement as h } from "react";
import { beforeAll, describe, expect, it } from "vitest";
import { demoHelper } from "../../src/features/demo/server/demo-helpers";
import { seededRandom } from "../../src/features/demo/server/portraits";
import { lineBreakPieces } from "../../src/features/pdf/server/line-breaks";
import { bodyFont, fontsFor, loadFonts, wordsOf } from "../../src/features/pdf/server/pdf-fonts";
import { burmeseFont, chineseFont, scriptPieces, type ShapingFont as BurmeseFont } from "../../src/features/pdf/server/script-fonts";
import { plainText } from "../../src/features/pdf/server/pdf-styles";
import { reusedFonts } from "../../src/features/pdf/server/pdfkit-font-reuse";
import { pdfText } from "../support/pdf-text";

type Shape = { glyphs: { id: number }[]; positions: { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }[] };
type ShapingFont = { layout(text: string, features?: object, ...rest: unknown[]): Shape };

const styles = [
  { fontWeight: 400, fontStyle: "normal" },
  { fontWeight: 700, fontStyle: "normal" },
  { fontWeight: 400, fontStyle: "italic" },
] as const;

/** Every string of some demo biodata, as suppliers' texts look, and the awkward cases. */
function corpus(): string[] {
  const texts = new Set<string>([
    "Nguyễn Thị Hồng Nhung",
    "Łucja Żółć and Begoña Muñoz",
    "5, 9",
    "Care of 2 children aged 3 and 6",
    "  two leading spaces and  two inside ",
    "Yes: (asthma) — “quoted”, 10% off; A/B",
    "Ελληνικά and Русский mixed with Latin",
    "Ελληνικά και Русский",
    "e\u0301 combining accent after e, and \u0301 after a space",
    "AV AWAY To Ta Yo LT",
    "Jan 2020 – Jun 2021",
  ]);
  const random = seededRandom(7);
  const now = new Date(Date.UTC(2026, 10, 23));
  const collect = (value: unknown): void => {
    if (typeof value === "string") texts.add(value.normalize("NFC"));
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") Object.values(value).forEach(collect);
  };
  for (let i = 0; i < 40; i++) collect(demoHelper(i, random, now));
  return [...texts];
}

describe("shaping the PDF's text word by word", () => {
  beforeAll(() => loadFonts());

  it("cuts a text before each Latin word that follows a space, and keeps other texts whole", () => {
    expect(wordsOf("Care of 2 children")).toEqual(["Care ", "of 2 ", "children"]);
    expect(wordsOf("5, 9 years")).toEqual(["5, 9 years"]);
    expect(wordsOf("Nguyễn Thị Hồng")).toEqual(["Nguyễn ", "Thị ", "Hồng"]);
    expect(wordsOf("Ελληνικά and Latin")).toEqual(["Ελληνικά and Latin"]);
    expect(wordsOf("Single")).toEqual(["Single"]);
    expect(wordsOf("Married  twice ")).toEqual(["Married  ", "twice "]);
  });

  // Shapes a few hundred texts twice: seconds of CPU on a busy machine, not a hang.
  it("gives the same glyphs and positions as shaping each text whole, in every style", { timeout: 60_000 }, () => {
    const texts = corpus();
    expect(texts.length).toBeGreaterThan(200);
    const features = { ...plainText };
    for (const style of styles) {
      const font = Font.getFont({ fontFamily: bodyFont, ...style }).data as unknown as ShapingFont;
      // The font's own method, as it was before the shapes were remembered.
      const whole = Object.getPrototypeOf(font) as ShapingFont;
      for (const text of texts) {
        for (let round = 0; round < 2; round++) {
          const expected = whole.layout.call(font, text, features, undefined, undefined, "ltr");
          const actual = font.layout(text, { ...features }, undefined, undefined, "ltr");
          expect(
            actual.glyphs.map((glyph) => glyph.id),
            text,
          ).toEqual(expected.glyphs.map((glyph) => glyph.id));
          expect(
            actual.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]),
            text,
          ).toEqual(expected.positions.map((p) => [p.xAdvance, p.yAdvance, p.xOffset, p.yOffset]));
        }
      }
    }
  });

  it("hands every caller positions of its own, so a layout that changes them changes no other", () => {
    const font = Font.getFont({ fontFamily: bodyFont, ...styles[0] }).data as unknown as ShapingFont;
    const first = font.layout("Housework and cooking", plainText);
    first.positions[0]!.xAdvance = 99_999;
    expect(font.layout("Housework and cooking", plainText).positions[0]!.xAdvance).not.toBe(99_999);
  });

  it("embeds each font once per document and reuses it for every later run of text", async () => {
    const before = reusedFonts();
    const lines = ["Nguyễn Thị Hồng Nhung", "Care of infants", "Cooking", "Hong Kong", "Singapore"];
    const bytes = await renderToBuffer(
      h(
        Document,
        null,
        h(
          Page,
          { size: "A4", style: { fontFamily: bodyFont, fontFeatureSettings: plainText } },
          ...lines.map((line, i) => h(Text, { key: i, style: i % 2 ? { fontWeight: 700 } : {} }, line)),
        ),
      ),
    );
    expect(reusedFonts() - before).toBeGreaterThanOrEqual(lines.length - 2);
    const { text } = await pdfText(bytes);
    for (const line of lines) expect(text).toContain(line);
    // One embedded font file for each of the two styles used.
    expect(bytes.toString("latin1").match(/\/FontFile2/g)).toHaveLength(2);
  });
});

describe("cutting a text where its script changes", () => {
  it("keeps digits and punctuation between Chinese letters in their piece, and cuts at Latin words and Burmese", () => {
    expect(scriptPieces("她一天的第1步。职责2：买菜")).toEqual([{ text: "她一天的第1步。职责2：买菜", family: chineseFont }]);
    expect(scriptPieces("王秀英 Wang Xiuying")).toEqual([{ text: "王秀英", family: chineseFont }, { text: " Wang Xiuying" }]);
    expect(scriptPieces("中文 abc 中文")).toEqual([
      { text: "中文", family: chineseFont },
      { text: " abc " },
      { text: "中文", family: chineseFont },
    ]);
    // Numbers at either end belong to no piece of Chinese.
    expect(scriptPieces("300 新元 (2)")).toEqual([{ text: "300 " }, { text: "新元", family: chineseFont }, { text: " (2)" }]);
    // Burmese digits and spacing stay as they were: its font is not given other characters.
    expect(scriptPieces("ကလေး 2 ကလေး")).toEqual([
      { text: "ကလေး", family: burmeseFont },
      { text: " 2 " },
      { text: "ကလေး", family: burmeseFont },
    ]);
    expect(scriptPieces("中文1ကလေး")).toEqual([
      { text: "中文", family: chineseFont },
      { text: "1" },
      { text: "ကလေး", family: burmeseFont },
    ]);
  });
});

describe("Chinese lines in the PDF", () => {
  it("may end between any two Chinese letters, never before a stop or after an opening mark, and keeps Latin words whole", () => {
    expect(lineBreakPieces("Wang")).toEqual(["Wang"]);
    expect(lineBreakPieces("喜欢唱歌。")).toEqual(["喜", "", "欢", "", "唱", "", "歌。"]);
    expect(lineBreakPieces("（王）好")).toEqual(["（王）", "", "好"]);
    expect(lineBreakPieces("第1步")).toEqual(["第", "", "1", "", "步"]);
    // A date stays whole: "2026年9" above "月" is how it wrapped.
    expect(lineBreakPieces("2026年9月")).toEqual(["2026年9月"]);
    expect(lineBreakPieces("自2026年9月15日起")).toEqual(["自", "", "2026年9月15日", "", "起"]);
    expect(lineBreakPieces("做饭、熨衣服")).toEqual(["做", "", "饭、", "", "熨", "", "衣", "", "服"]);
  });

  it("wraps a long Chinese sentence inside its column, with no hyphen added and every letter kept", async () => {
    await fontsFor("中文");
    const sentence = "她很有耐心，喜欢和孩子们一起唱歌。".repeat(12);
    const bytes = await renderToBuffer(
      h(
        Document,
        null,
        h(
          Page,
          { size: "A4", style: { padding: 40, fontSize: 12, fontFamily: chineseFont } },
          h(View, { style: { width: 200 } }, h(Text, null, sentence)),
        ),
      ),
    );
    const [lines] = (await pdfText(bytes)).lines;
    const letters = lines!.map((line) => line.replace(/\s/g, ""));
    // 200 points hold sixteen letters of 12 points: the 204 letters take thirteen lines or so.
    expect(letters.length).toBeGreaterThanOrEqual(12);
    for (const line of letters) {
      expect(line.length).toBeLessThanOrEqual(17);
      expect(line).not.toMatch(/^[，。]|-$/);
    }
    expect(letters.join("")).toBe(sentence);
  });
});

describe("Burmese in the PDF", () => {
  beforeAll(() => fontsFor("မြန်မာ"));

  it("is shaped, not mapped letter by letter: the vowel sign E and medial RA are drawn before their consonant", () => {
    const font = Font.getFont({ fontFamily: burmeseFont, fontWeight: 400, fontStyle: "normal" }).data as unknown as BurmeseFont;
    const own = (text: string) => [...text].map((letter) => font.glyphForCodePoint(letter.codePointAt(0)!).id);
    // ka, medial ya, vowel sign E, visarga: E comes first on the page.
    const shaped = font.layout("ကျေး").glyphs;
    expect(shaped.map((glyph) => glyph.id)).not.toEqual(own("ကျေး"));
    expect(shaped[0]!.id).toBe(own("ေ")[0]);
    expect(shaped[0]!.codePoints).toEqual([0x1031]);
    // ka, medial ra, vowel sign E, aa, asat: E, then ra in its wide form, then ka.
    const wrapped = font.layout("ကြော်").glyphs;
    expect(wrapped[0]!.id).toBe(own("ေ")[0]);
    expect(wrapped[1]!.id).not.toBe(own("ြ")[0]);
    expect(wrapped.indexOf(wrapped.find((glyph) => glyph.id === own("က")[0])!)).toBe(2);
    // Every letter is kept by one glyph, so the text maps back whole.
    expect(wrapped.flatMap((glyph) => glyph.codePoints).sort()).toEqual([..."ကြော်"].map((letter) => letter.codePointAt(0)).sort());
  });
});
