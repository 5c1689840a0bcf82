/**
 * How a search box's text is read before it is matched: a reference written any of the ways
 * people write one ("1013", "DH 1013", "dh-1013", "DH1013.", "(ref DH1013)") is that reference,
 * and the words of anything else are what the forgiving search compares with names and with
 * the biodata's text (decision 104). No dependencies: pages and the server both read it.
 */

/** Optional "ref"/"reference", optional "DH" with a space, dash, dot or # after it, then the number. */
const REFERENCE = /^(?:ref(?:erence)?\s*(?:no\.?|number)?\s*[.:#]?\s*)?(?:dh\s*[-.#\s]?\s*)?(\d{3,9})$/i;

/** Brackets, quotes and full stops around what was typed. */
const AROUND = /^[\s()[\]{}"'“”‘’.,;:!?]+|[\s()[\]{}"'“”‘’.,;:!?]+$/g;

/** The reference a search names ("DH1013"), or undefined when it is not one. */
export function referenceIn(q: string): string | undefined {
  const digits = REFERENCE.exec(q.replace(AROUND, ""))?.[1];
  return digits ? `DH${digits}` : undefined;
}

/** The lowercased words of a text, letters and digits of any script. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}
