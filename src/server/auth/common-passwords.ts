/**
 * Refuses passwords that are on the lists attackers try first. zxcvbn with its common-password
 * dictionary finds them also capitalised, reversed or with l33t substitutions ("P@ssw0rd"), and
 * its score catches the ones only a few guesses away ("letmein123", "aaaaaaaaaa").
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common and easily guessed. Choose a longer one of your own, e.g. a few unrelated words.";

let checker: ZxcvbnFactory | undefined;

/** Built on first use: the dictionary takes a moment to index. */
function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({ dictionary: { "passwords-common": dictionary["passwords-common"] }, graphs: adjacencyGraphs });
  return checker;
}

export function isCommonPassword(password: string): boolean {
  const result = zxcvbn().check(password);
  const [only] = result.sequence;
  const wholeIsCommon = result.sequence.length === 1 && only?.pattern === "dictionary";
  return wholeIsCommon || result.score <= 1;
}
