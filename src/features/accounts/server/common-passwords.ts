/**
 * Refuses passwords that are easily guessed. zxcvbn with its common-password dictionary finds
 * them also capitalised, reversed or with l33t substitutions ("P@ssw0rd"), and its score catches
 * the ones only a few guesses away ("letmein123", "aaaaaaaaaa"). An attacker aiming at this site
 * or at one person also tries the site's name, the trade's words and the person's own details
 * ("Direct Helpers 2024", "Welcome2024!", "GoldenBridge1"): a password made of those and of
 * digits and signs is refused too, whatever its length.
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { m } from "../../../shared/i18n/compiled/messages.js";

/** The refusals' words, read when a password is refused, in the request's language. */
export const commonPasswordMessage = (): string => m.server_error_auth_common_password();

export const guessablePasswordMessage = (): string => m.server_error_auth_guessable_password();

/** Words of this trade and of sign-up pages that attackers of such a site try first. */
const DOMAIN_WORDS = [
  "helper",
  "helpers",
  "maid",
  "maids",
  "agency",
  "agencies",
  "domestic",
  "employment",
  "supplier",
  "suppliers",
  "biodata",
  "welcome",
  "singapore",
  "password",
  "passwd",
  "letmein",
  "admin",
  "login",
  "hello",
  "qwerty",
];

/** Fewer letters than this left once the guessable words are taken out: not a password of one's own. */
const MIN_OWN_LETTERS = 4;

let checker: ZxcvbnFactory | undefined;

/** Built on first use: the dictionary takes a moment to index. */
function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({
    dictionary: { "passwords-common": dictionary["passwords-common"], domain: DOMAIN_WORDS },
    graphs: adjacencyGraphs,
  });
  return checker;
}

/**
 * The words of what a person typed about themselves or the site: a name, a company, an e-mail
 * address (its local part and domain, split at dots, dashes and the like), the site's name; each
 * also as one word ("Direct Helpers" gives "direct", "helpers" and "directhelpers").
 */
export function guessableWords(inputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    if (!input) continue;
    for (const part of input.toLowerCase().split("@")) {
      const pieces = part.split(/[^\p{L}\p{N}]+/u).filter((piece) => piece.length >= 3);
      for (const piece of pieces) words.add(piece);
      const joined = pieces.join("");
      if (joined.length >= 3) words.add(joined);
    }
  }
  return [...words];
}

const LEET: Record<string, string> = { "0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", $: "s", "!": "i" };

const lettersOf = (text: string) => text.replace(/[^\p{L}]+/gu, "");

/**
 * The letters left once every guessable word is taken out, longest first. Words are compared by
 * their letters, and a word of fewer than three (an address part such as "9e3412") is no word:
 * taking its one letter out of everything would hide the words around it.
 */
function ownLetters(text: string, words: readonly string[]): string {
  let rest = lettersOf(text);
  const wordLetters = words.map(lettersOf).filter((letters) => letters.length >= 3);
  for (const word of wordLetters.sort((a, b) => b.length - a.length)) rest = rest.split(word).join("");
  return rest;
}

function madeOfGuessableWords(password: string, words: readonly string[]): boolean {
  const lower = password.toLowerCase();
  const unleet = [...lower].map((char) => LEET[char] ?? char).join("");
  return [lower, unleet].some((text) => ownLetters(text, words).length < MIN_OWN_LETTERS);
}

/**
 * Why a password is refused, or null when it is not. `inputs` are what the site and the person
 * are known by: the site's name, their name and company, their e-mail address.
 */
export function weakPasswordReason(password: string, inputs: readonly (string | null | undefined)[] = []): string | null {
  const personal = guessableWords(inputs);
  const result = zxcvbn().check(password, personal);
  const [only] = result.sequence;
  if ((result.sequence.length === 1 && only?.pattern === "dictionary" && only.dictionaryName === "passwords-common") || result.score <= 1) {
    const aboutSiteOrPerson = result.sequence.some(
      (match) => match.pattern === "dictionary" && match.dictionaryName !== "passwords-common",
    );
    return aboutSiteOrPerson ? guessablePasswordMessage() : commonPasswordMessage();
  }
  if (madeOfGuessableWords(password, [...personal, ...DOMAIN_WORDS])) return guessablePasswordMessage();
  return null;
}
