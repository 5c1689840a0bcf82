/**
 * The PDF's typeface: Noto Sans (SIL Open Font License 1.1), whole, as its TrueType files come in
 * the @expo-google-fonts/noto-sans package, so names beyond Latin-1 ("Nguyễn Thị Hồng", "Łucja",
 * "Begoña") print as written: Latin with its extensions, Vietnamese, Greek and Cyrillic. One file
 * a style, so a name is one run of text (a reader copies and finds it whole); the renderer embeds
 * only the glyphs a PDF uses.
 */
import { createRequire } from "node:module";
import { Font } from "@react-pdf/renderer";

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

// Whole words only: hyphenating every word was most of the layout's time on a long biodata, and
// names and places read better unbroken.
Font.registerHyphenationCallback((word) => [word]);

const styles = [
  { fontWeight: 400, fontStyle: "normal" },
  { fontWeight: 700, fontStyle: "normal" },
  { fontWeight: 400, fontStyle: "italic" },
] as const;

type Layout = (text: string, features?: object, ...rest: unknown[]) => { glyphs: unknown[]; positions: object[] };

/**
 * Shaping a string (the font's substitution and positioning tables, run glyph by glyph) was a
 * third of a PDF's time, and the same strings come back in every PDF (labels, "Yes", "No",
 * countries) and within one (a page is laid out again when it is split). So each style keeps the
 * shapes of the last few thousand strings. Every caller gets its own arrays and positions: the
 * layout may change them, the glyphs themselves are the font's and never change.
 */
function rememberShapes(font: { layout: Layout }, size = 5000): void {
  const layout = font.layout.bind(font);
  const shapes = new Map<string, ReturnType<Layout>>();
  // Features come as an object (a style's fontFeatureSettings), the same object for every text
  // that inherits it; each such object gets a number for the key.
  const featureSets = new WeakMap<object, number>();
  let featureSetCount = 0;
  font.layout = (text, features, ...rest) => {
    let set = features ? featureSets.get(features) : 0;
    if (set === undefined) featureSets.set(features!, (set = ++featureSetCount));
    const key = `${set}|${rest.join("|")}|${text}`;
    let shape = shapes.get(key);
    if (!shape) {
      shape = layout(text, features, ...rest);
      if (shapes.size >= size) shapes.delete(shapes.keys().next().value!);
      shapes.set(key, shape);
    }
    return { ...shape, glyphs: [...shape.glyphs], positions: shape.positions.map((position) => ({ ...position })) };
  };
}

/** Reads the font files (once), so that no PDF waits for them, and lets each style remember shapes. */
export const loadFonts = (() => {
  let loading: Promise<void> | undefined;
  return () =>
    (loading ??= Promise.all(
      styles.map(async (style) => {
        const descriptor = { fontFamily: bodyFont, ...style };
        await Font.load(descriptor);
        rememberShapes(Font.getFont(descriptor).data as unknown as { layout: Layout });
      }),
    ).then(() => undefined));
})();

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
