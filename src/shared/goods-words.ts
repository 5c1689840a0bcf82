/**
 * Words that treat a helper as goods: the Ministry of Manpower has prosecuted adverts offering
 * "cheap" helpers, discounts, promotions, helpers "on sale" or "sold" and replacements as for
 * merchandise (decision 161). Each locale's list is in the message catalogue
 * (`shared_goods_words`), and a text is checked against all of them, whatever its writer reads:
 * a supplier reading English may still write "murah".
 */
import type { z } from "zod";
import { m } from "./i18n/compiled/messages.js";
import { LOCALES } from "./i18n/locales";
import { listText } from "./format";
import { say, type Text } from "./schema-text";

/** Scripts written without spaces between words: a word there is found inside a run of letters. */
const UNSPACED = /[\p{Script=Han}\p{Script=Myanmar}]/u;
/** Where a word of a spaced script must not continue: a letter, digit or combining mark. */
const WORD_GOES_ON = "[\\p{L}\\p{N}\\p{M}]";

function wordPattern(word: string): string {
  const body = word
    .split(/\s+/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\-]+");
  const start = UNSPACED.test(word[0]!) ? "" : `(?<!${WORD_GOES_ON})`;
  // A Burmese or Chinese word still ends where a vowel sign or tone mark would change it.
  const end = UNSPACED.test(word.at(-1)!) ? "(?!\\p{M})" : `(?!${WORD_GOES_ON})`;
  return `${start}${body}${end}`;
}

/** Every locale's words, longest first so that a phrase wins over a word inside it. */
export function goodsWords(): string[] {
  const words = LOCALES.flatMap((locale) => m.shared_goods_words({}, { locale }).split(/[,，、]/));
  const unique = [...new Set(words.map((word) => word.trim().normalize("NFC").toLowerCase()).filter(Boolean))];
  return unique.sort((a, b) => b.length - a.length);
}

let matcher: RegExp | undefined;

/** The goods words a text uses, each once, as the list writes them; none for an empty text. */
export function goodsWordsIn(text: string | null | undefined): string[] {
  if (!text) return [];
  matcher ??= new RegExp(goodsWords().map(wordPattern).join("|"), "giu");
  const found = new Set<string>();
  for (const match of text.normalize("NFC").matchAll(matcher)) found.add(match[0].toLowerCase().replace(/[\s-]+/g, " "));
  return [...found];
}

/** A zod check refusing a text with goods words, naming them and the rule in the reader's language. */
export function refuseGoodsWords(label: Text) {
  return (value: string | null | undefined, ctx: z.RefinementCtx) => {
    const words = goodsWordsIn(value);
    if (words.length === 0) return;
    ctx.addIssue({
      code: "custom",
      message: m.shared_error_goods_words({ label: say(label), words: listText(words.map((word) => `“${word}”`)) }),
    });
  };
}
