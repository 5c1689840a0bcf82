/**
 * The PDF's typeface: Noto Sans (SIL Open Font License 1.1), whole, as its TrueType files come in
 * the @expo-google-fonts/noto-sans package, so names beyond Latin-1 ("Nguyễn Thị Hồng", "Łucja",
 * "Begoña") print as written: Latin with its extensions, Vietnamese, Greek and Cyrillic. One file
 * a style, so a name is one run of text (a reader copies and finds it whole); the renderer embeds
 * only the glyphs a PDF uses. Chinese and Burmese letters come from the fonts of script-fonts.ts,
 * listed after it when a document has them.
 */
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";
import { lineBreakPieces } from "./line-breaks";
import { reuseEmbeddedFonts } from "./pdfkit-font-reuse";
import { loadScriptFont, scriptFontsFor, textsOf } from "./script-fonts";

const resolve = createRequire(import.meta.url).resolve;
const file = (style: string) => resolve(`@expo-google-fonts/noto-sans/${style}/NotoSans_${style}.ttf`);

export const bodyFont = "Noto Sans";

Font.register({
  family: bodyFont,
  fonts: [
    { src: file("400Regular"), fontWeight: 400, fontStyle: "normal" },
    { src: file("700Bold"), fontWeight: 700, fontStyle: "normal" },
    { src: file("400Regular_Italic"), fontWeight: 400, fontStyle: "italic" },
  ],
});

// No hyphenation: Latin words stay whole, Chinese may end a line between letters (line-breaks.ts).
Font.registerHyphenationCallback(lineBreakPieces);

const styles = [
  { fontWeight: 400, fontStyle: "normal" },
  { fontWeight: 700, fontStyle: "normal" },
  { fontWeight: 400, fontStyle: "italic" },
] as const;

type Shape = { glyphs: unknown[]; positions: object[] };
type Layout = (text: string, features?: object, ...rest: unknown[]) => Shape;

/**
 * Where a text may be shaped in parts, word by word: before a Latin letter that follows a space.
 * The font has no kerning or contextual rule across a space (tests/unit/pdf-shapes.test.ts checks
 * that shaping by words gives the whole text's glyphs and positions), and a word that holds a
 * Latin letter is shaped with the script the whole text gets, Latin, as long as the text is in
 * Latin and the characters every script shares. A first part without a Latin letter stays with
 * the next, and any other text is shaped whole.
 */
const WORD_START = /(?<= )(?=\p{Script=Latin})/u;
const LATIN_TEXT = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]*$/u;
const HAS_LATIN = /\p{Script=Latin}/u;

export function wordsOf(text: string): string[] {
  if (!text.includes(" ") || !LATIN_TEXT.test(text)) return [text];
  const words = text.split(WORD_START);
  if (words.length > 1 && !HAS_LATIN.test(words[0]!)) words.splice(0, 2, words[0]! + words[1]!);
  return words;
}

/**
 * Shaping a string (the font's substitution and positioning tables, run glyph by glyph) was a
 * fifth of a PDF's time, and the same words come back in every PDF (labels, "Yes", "No",
 * countries, "children", "cooking") and within one, where whole texts seldom do. So each style
 * shapes a text word by word and keeps the shapes of the last few thousand words it used. Every
 * caller gets its own arrays and positions: the layout may change them; the glyphs themselves
 * are the font's and never change.
 */
export function rememberShapes(font: { layout: Layout }, size = 5000): void {
  const layout = font.layout.bind(font);
  const shapes = new Map<string, Shape>();
  font.layout = (text, features, ...rest) => {
    // Features come as an object (a style's fontFeatureSettings), made anew for each text.
    const prefix = `${features ? JSON.stringify(features) : ""}|${rest.join("|")}|`;
    const glyphs: unknown[] = [];
    const positions: object[] = [];
    for (const word of wordsOf(text)) {
      const key = prefix + word;
      let shape = shapes.get(key);
      if (shape) shapes.delete(key);
      else {
        shape = layout(word, features, ...rest);
        if (shapes.size >= size) shapes.delete(shapes.keys().next().value!);
      }
      shapes.set(key, shape);
      for (const glyph of shape.glyphs) glyphs.push(glyph);
      for (const position of shape.positions) positions.push({ ...position });
    }
    return { glyphs, positions };
  };
}

type Lookups = { unitsPerEm: number; hasGlyphForCodePoint(codePoint: number): boolean };

/**
 * The renderer picks each character's font by asking the fonts of the family list, for every
 * character of every text, whether they have it, and then reads each font's units per em. Both
 * answers never change, yet the font reads its character map and its head table anew each
 * time: tens of thousands of lookups a PDF. Here a font keeps its units per em and what it
 * answered for each character it was asked about.
 */
export function rememberLookups(font: Lookups): void {
  Object.defineProperty(font, "unitsPerEm", { value: font.unitsPerEm });
  const lookUp = font.hasGlyphForCodePoint.bind(font);
  const known = new Map<number, boolean>();
  font.hasGlyphForCodePoint = (codePoint) => {
    let has = known.get(codePoint);
    if (has === undefined) known.set(codePoint, (has = lookUp(codePoint)));
    return has;
  };
}

/** What a running site keeps of each loaded style: the shapes of its words and its lookups. */
export function keepFontAnswers(font: { layout: Layout } & Lookups): void {
  rememberShapes(font);
  rememberLookups(font);
}

/**
 * Reads the font files (once), so that no PDF waits for them, lets each style remember shapes and
 * each document reuse the fonts it embedded.
 */
export const loadFonts = (() => {
  let loading: Promise<void> | undefined;
  return () =>
    (loading ??= Promise.all(
      styles.map(async (style) => {
        const descriptor = { fontFamily: bodyFont, ...style };
        await Font.load(descriptor);
        keepFontAnswers(Font.getFont(descriptor).data as unknown as { layout: Layout } & Lookups);
      }),
    ).then(reuseEmbeddedFonts));
})();

const scriptFontsLoading = new Map<string, Promise<void>>();

/**
 * The fonts a document's texts need, read first: Noto Sans, then Chinese and Burmese when any
 * text (a name, a note, a label passed in) has their letters (script-fonts.ts). A script font is
 * read the first time a document needs it and kept. The list is the document's font family.
 */
export async function fontsFor(input: unknown): Promise<string[]> {
  const families = [bodyFont, ...scriptFontsFor(textsOf(input))];
  await loadFonts();
  await Promise.all(
    families.slice(1).map((family) => {
      let loading = scriptFontsLoading.get(family);
      if (!loading)
        scriptFontsLoading.set(
          family,
          (loading = loadScriptFont(family, (font) => keepFontAnswers(font as unknown as { layout: Layout } & Lookups))),
        );
      return loading;
    }),
  );
  return families;
}

/**
 * Every text of the document in composed form: a letter typed as the letter and then its accents
 * becomes the one character the font draws, so each letter keeps its accents in place and in
 * the copied text.
 */
export function printableText<T>(value: T): T {
  if (typeof value === "string") return value.normalize("NFC") as T;
  if (Array.isArray(value)) return value.map(printableText) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printableText(v)])) as T;
  }
  return value;
}
