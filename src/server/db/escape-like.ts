/** `text` with LIKE's wildcards (and its escape character) escaped, to match it literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
