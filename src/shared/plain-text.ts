/**
 * The one sanitiser for the plain text people write: messages, names, biodata text and (when
 * they come) job posts. Unicode's invisible format characters are taken out: the direction
 * overrides, embeddings and isolates that make "invoice\u202Efdp.exe" read as "invoiceexe.pdf",
 * the direction marks, zero-width spaces, the word joiner, the byte order mark, soft hyphens and
 * the invisible tags. The zero-width joiner and non-joiner stay: emoji sequences and some
 * scripts need them, and neither changes the order letters are read in.
 */

/** Every format character (general category Cf) but the zero-width non-joiner and joiner. */
const FORMAT = /(?![\u200c\u200d])\p{Cf}/gu;

/**
 * What shows nothing by itself: spaces and line breaks, control and format characters, marks
 * with no letter to sit on, and the fillers and blanks that render as empty (Hangul fillers,
 * the blank Braille pattern, the Mongolian vowel separator, the combining grapheme joiner).
 */
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{M}\p{Z}\u115f\u1160\u3164\uffa0\u2800\u180e]/u;

/** The text with its invisible format characters taken out. */
export function plainText(value: string): string {
  return value.replace(FORMAT, "");
}

/** Whether the text shows anything at all once written on a page. */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}
