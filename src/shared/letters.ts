/**
 * The letters that need fonts of their own (decision 116): the PDF adds Noto Sans SC or Noto Sans
 * Myanmar for them, and a page links the stylesheet of its served copies.
 */

/** Chinese: Han, kana and bopomofo, CJK punctuation (、。「」) and full-width forms (，：（）). */
export const CHINESE_LETTERS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;

/** Burmese, and the other languages written in the Myanmar script. */
export const BURMESE_LETTERS = /\p{Script=Myanmar}/u;
