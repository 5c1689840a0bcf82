/**
 * Where the PDF may end a line inside what the renderer takes for one word. @react-pdf cuts its
 * words at spaces only, so a Chinese sentence was one word: it could not be broken and ran out
 * of its column. Its hyphenation callback is the one place to say where else a line may end.
 *
 * The callback's pieces are joined back as they are; an empty piece between two becomes a break
 * of no width, where no hyphen is added (a break between two non-empty pieces would add one).
 * In Chinese a line may end between any two letters, except before a closing mark or stop
 * (，。、）」…) and after an opening one (（「《…), the rule Chinese typesetting keeps, nor inside a
 * date written with 年, 月 and 日. A word in
 * Latin letters stays whole, as before: names and places read better unbroken, and hyphenating
 * every word was most of the layout's time on a long biodata.
 */
import { CHINESE_LETTERS } from "../../../shared/letters";

/** Never first on a line: closing marks, stops and the like, full-width or not. */
const NO_LINE_START = /[、。，．：；？！）］｝〉》」』】〕〗〙〛〞ー・…‥％,.:;?!)\]}%]/u;
/** Never last on a line: opening marks. */
const NO_LINE_END = /[（［｛〈《「『【〔〖〘〚〝([{]/u;
/** A date is one word: "2026年9月" never ends a line inside it ("2026年9" above "月"). */
const inDate = (previous: string, letter: string) =>
  (/\d/.test(previous) && /[年月日]/u.test(letter)) || (/[年月]/u.test(previous) && /\d/.test(letter));

export function lineBreakPieces(word: string): string[] {
  if (!CHINESE_LETTERS.test(word)) return [word];
  const pieces: string[] = [];
  let piece = "";
  let previous = "";
  for (const letter of word) {
    const chinese = CHINESE_LETTERS.test(letter) || CHINESE_LETTERS.test(previous);
    if (piece && chinese && !NO_LINE_START.test(letter) && !NO_LINE_END.test(previous) && !inDate(previous, letter)) {
      pieces.push(piece, "");
      piece = "";
    }
    piece += letter;
    previous = letter;
  }
  pieces.push(piece);
  return pieces;
}
