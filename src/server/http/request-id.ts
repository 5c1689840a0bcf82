/**
 * Request ids: the one a trusted proxy gave (so its logs and ours name the same request), or a
 * new one. A client's own header is not believed when no proxy is trusted.
 */
import { randomUUID } from "node:crypto";

const USABLE = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFor(header: string | string[] | undefined, behindProxy: boolean): string {
  const given = Array.isArray(header) ? header[0] : header;
  return behindProxy && given && USABLE.test(given) ? given : randomUUID();
}
