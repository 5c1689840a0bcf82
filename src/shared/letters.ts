/**
 * The letters that need fonts of their own (decision 116): the PDF adds Noto Sans SC or Noto Sans
 * Myanmar for them, and a page links the stylesheet of its served copies.
 */

/** Chinese: Han, kana and bopomofo, CJK punctuation (、。「」) and full-width forms (，：（）). */
export const CHINESE_LETTERS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

/** Burmese, and the other languages written in the Myanmar script. */
export const BURMESE_LETTERS = /\p{Script=Myanmar}/u;

/** Deep enough for a biodata's sections and a list's cards; page data goes no deeper. */
const DEPTH = 8;

/** Whether any string in some data (a loader's, however nested) has Chinese or Burmese letters. */
export function hasChineseOrBurmese(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return CHINESE_LETTERS.test(value) || BURMESE_LETTERS.test(value);
  if (value === null || typeof value !== "object" || depth >= DEPTH) return false;
  const values: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return values.some((item) => hasChineseOrBurmese(item, depth + 1));
}
