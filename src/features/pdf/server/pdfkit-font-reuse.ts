/**
 * PDFKit, as @react-pdf drives it, is handed the font object itself for every run of text. It
 * then wraps the object in a new embedded font each time and finds the one the document already
 * has by serialising both fonts' name tables, only to keep that one: a thousand times in a
 * biodata, a tenth of a PDF's time and memory. Here each document remembers the embedded font it
 * made for each font object and takes it back at once; any other call (a font by name or file,
 * or with a family) goes to PDFKit's own method. `reusedFonts()` counts the shortcuts taken, so
 * a test shows the renderer really goes through it.
 */
import PDFDocument from "pdfkit";

interface FontState {
  _font: unknown;
  _fontSource: unknown;
  _fontFamily: unknown;
  fontSize(size: number): FontState;
}
type FontMethod = (this: FontState, src: unknown, family?: unknown, size?: unknown) => FontState;

const prototype = (PDFDocument as unknown as { prototype: { font: FontMethod } }).prototype;
const fontsOf = new WeakMap<FontState, Map<object, unknown>>();
let reused = 0;

export function reuseEmbeddedFonts(): void {
  const open = prototype.font;
  if ((open as { reuses?: true }).reuses) return;
  const font: FontMethod = function (src, family, size) {
    // @react-pdf's call: the font object and the size in points.
    if (!src || typeof src !== "object" || typeof family !== "number") return open.call(this, src, family, size);
    let fonts = fontsOf.get(this);
    const known = fonts?.get(src);
    if (known) {
      reused += 1;
      this._font = known;
      this._fontSource = src;
      this._fontFamily = null;
      return this.fontSize(family);
    }
    open.call(this, src, family, size);
    if (!fonts) fontsOf.set(this, (fonts = new Map()));
    fonts.set(src, this._font);
    return this;
  };
  prototype.font = Object.assign(font, { reuses: true as const });
}

export const reusedFonts = () => reused;
