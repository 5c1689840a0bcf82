/**
 * The PDF's fonts for the scripts Noto Sans lacks: Chinese (Noto Sans SC) and Burmese (Noto Sans
 * Myanmar), both SIL Open Font License 1.1, as TrueType files from the @expo-google-fonts
 * packages. The document lists them after Noto Sans, so the renderer takes each character from
 * the first font that has it: a Chinese or Burmese name or note prints in its own letters, the
 * Latin and digits around it in Noto Sans. The renderer embeds only the glyphs a PDF uses.
 *
 * A Chinese font is 10 MB a style, so a worker reads one only when a document first needs it,
 * and keeps it for its next PDFs; a biodata in Latin letters never loads either.
 *
 * Burmese is a complex script: a vowel sign typed after its consonant is drawn before it, medials
 * wrap around it and take a width to fit. The renderer's own shaper has no rules for Myanmar
 * (it maps characters to glyphs one by one), so the Burmese font is shaped by HarfBuzz instead.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";
import type * as HarfBuzzModule from "harfbuzzjs";
import { BURMESE_LETTERS, CHINESE_LETTERS } from "../../../shared/letters";

const resolve = createRequire(import.meta.url).resolve;

interface Glyph {
  id: number;
  codePoints: number[];
}
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
export interface ShapingFont {
  layout(text: string, ...rest: unknown[]): { glyphs: Glyph[]; positions: Position[] };
  getGlyph(id: number, codePoints?: number[]): Glyph;
  glyphForCodePoint(codePoint: number): Glyph;
}

interface ScriptFont {
  family: string;
  /** Characters this font is there for. */
  letters: RegExp;
  file(weight: 400 | 700): string;
  /** Shaped by HarfBuzz rather than the renderer's shaper. */
  complex?: true;
  /**
   * Characters of no script that this font also draws (digits, ASCII punctuation, spaces): found
   * between two pieces of its letters, they join them, as "第1步" is one piece, not three.
   */
  joins?: RegExp;
}

export const chineseFont = "Noto Sans SC";
export const burmeseFont = "Noto Sans Myanmar";

export const scriptFonts: ScriptFont[] = [
  {
    family: chineseFont,
    letters: CHINESE_LETTERS,
    joins: /^[0-9 .,:;!?%#&*+\-/()[\]'"]+$/,
    file: (weight) =>
      resolve(
        `@expo-google-fonts/noto-sans-sc/${weight}${weight === 400 ? "Regular" : "Bold"}/NotoSansSC_${weight}${weight === 400 ? "Regular" : "Bold"}.ttf`,
      ),
  },
  {
    family: burmeseFont,
    letters: BURMESE_LETTERS,
    file: (weight) =>
      resolve(
        `@expo-google-fonts/noto-sans-myanmar/${weight}${weight === 400 ? "Regular" : "Bold"}/NotoSansMyanmar_${weight}${weight === 400 ? "Regular" : "Bold"}.ttf`,
      ),
    complex: true,
  },
];

/**
 * Each family in regular and bold. Neither has an italic: an italic run (a note's emphasis, the
 * supplier's private details) takes the upright letters, from the same loaded font.
 */
for (const { family, file } of scriptFonts) {
  Font.register({
    family,
    fonts: [
      { src: file(400), fontWeight: 400, fontStyle: "normal" },
      { src: file(700), fontWeight: 700, fontStyle: "normal" },
    ],
  });
  type Source = { fontStyle: string; fontWeight: number; data: unknown; load(): Promise<void> };
  const sources = (Font.getRegisteredFonts() as unknown as Record<string, { sources: Source[] }>)[family]!.sources;
  for (const upright of [...sources]) {
    sources.push({
      fontStyle: "italic",
      fontWeight: upright.fontWeight,
      get data() {
        return upright.data;
      },
      load: () => upright.load(),
    });
  }
}

/** The script fonts a text needs, in the order the document lists them after Noto Sans. */
export function scriptFontsFor(text: string): string[] {
  return scriptFonts.filter((font) => font.letters.test(text)).map((font) => font.family);
}

/**
 * Every string in a value (a document's input: texts, lists, nested records), joined, for
 * scriptFontsFor. Bytes (a photo) are left out.
 */
export function textsOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textsOf).join("\n");
  if (value && typeof value === "object" && !ArrayBuffer.isView(value)) return Object.values(value).map(textsOf).join("\n");
  return "";
}

type HarfBuzz = typeof HarfBuzzModule;

/**
 * The glyphs HarfBuzz chose, as the renderer's glyph objects. Each glyph carries the characters
 * it draws, so the PDF's text maps back to what was typed: a glyph that is a character's own
 * (the font's glyph for it) takes that character, and the rest of a cluster's characters go to
 * its glyphs that took none (a medial drawn in a wider form), else to its first glyph. Within a
 * cluster a reader copying the text gets the characters in the order they are drawn.
 */
export function harfBuzzLayout(hb: HarfBuzz, font: ShapingFont, bytes: Uint8Array): ShapingFont["layout"] {
  const blob = new hb.Blob(bytes);
  const face = new hb.Face(blob, 0);
  const shaper = new hb.Font(face);
  const own = new Map<number, number>();
  const ownGlyph = (codePoint: number) => {
    let id = own.get(codePoint);
    if (id === undefined) own.set(codePoint, (id = font.glyphForCodePoint(codePoint).id));
    return id;
  };
  // One buffer, emptied for each text (a worker lays out one text at a time).
  const buffer = new hb.Buffer();
  return (text) => {
    buffer.reset();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(shaper, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer
      .getGlyphPositions()
      .map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({ xAdvance, yAdvance, xOffset, yOffset }));
    const codePoints: number[][] = infos.map(() => []);
    // Clusters are UTF-16 offsets into the text, rising (left to right).
    for (let start = 0; start < infos.length;) {
      const cluster = infos[start]!.cluster;
      let end = start;
      while (end < infos.length && infos[end]!.cluster === cluster) end += 1;
      const next = end < infos.length ? infos[end]!.cluster : text.length;
      const left: number[] = [];
      for (const character of text.slice(cluster, next)) {
        const codePoint = character.codePointAt(0)!;
        const id = ownGlyph(codePoint);
        let taken = false;
        for (let i = start; i < end && !taken; i++) {
          if (infos[i]!.codepoint === id && codePoints[i]!.length === 0) {
            codePoints[i]!.push(codePoint);
            taken = true;
          }
        }
        if (!taken) left.push(codePoint);
      }
      for (let i = start; i < end && left.length > 0; i++) if (codePoints[i]!.length === 0) codePoints[i]!.push(left.shift()!);
      codePoints[start]!.push(...left);
      start = end;
    }
    // The font's glyph objects are shared: each caller's carries its own characters.
    const glyphs = infos.map((info, i) => Object.create(font.getGlyph(info.codepoint), { codePoints: { value: codePoints[i] } }) as Glyph);
    return { glyphs, positions };
  };
}

/**
 * Reads a script font's styles (once per process or worker) and, for Burmese, puts HarfBuzz's
 * shaping in place of the renderer's. `ready` runs on each loaded style (the shapes' memory).
 */
export async function loadScriptFont(family: string, ready: (font: ShapingFont) => void): Promise<void> {
  const script = scriptFonts.find((font) => font.family === family)!;
  const hb: HarfBuzz | null = script.complex ? await import("harfbuzzjs") : null;
  await Promise.all(
    ([400, 700] as const).map(async (fontWeight) => {
      const descriptor = { fontFamily: family, fontWeight, fontStyle: "normal" as const };
      await Font.load(descriptor);
      const font = Font.getFont(descriptor).data as unknown as ShapingFont;
      if (hb) font.layout = harfBuzzLayout(hb, font, await readFile(script.file(fontWeight)));
      ready(font);
    }),
  );
}

const PIECES = new RegExp(scriptFonts.map((font) => `((?:${font.letters.source}|[\\u200c\\u200d])+)`).join("|"), "gu");

/**
 * A text cut where its script changes: the pieces in Chinese or Burmese with their font's family,
 * the rest (Latin, digits, spaces, the punctuation every script shares) without one. Digits and
 * punctuation between two pieces of a font that draws them stay in that piece: each piece is a
 * text of its own for the renderer, and a Chinese text with a number in every sentence cut at
 * each one cost a fifth more to lay out (decision 126).
 */
export function scriptPieces(text: string): { text: string; family?: string }[] {
  const pieces: { text: string; family?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(PIECES)) {
    const group = match.slice(1).findIndex((piece) => piece !== undefined);
    const font = scriptFonts[group]!;
    const gap = text.slice(last, match.index);
    const before = pieces.at(-1);
    if (before?.family === font.family && font.joins?.test(gap)) {
      before.text += gap + match[0];
    } else {
      if (gap) pieces.push({ text: gap });
      pieces.push({ text: match[0], family: font.family });
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
