/**
 * What a message may be, checked the same in the browser's form and on the server: text only,
 * trimmed, at most 2,000 characters, no NUL or other control characters (a line break and a tab
 * are text), and something visible: invisible format characters (direction overrides, zero-width
 * spaces) are taken out by the shared sanitiser, and a message of only invisible characters is
 * refused. Phone numbers, e-mail addresses and links are allowed: families need to share them.
 * The refusals are in the request's language (the server's catalogue: families' and suppliers' languages).
 */
import { hasVisibleText, plainText } from "../../../shared/plain-text";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const MAX_MESSAGE_LENGTH = 2000;
/** A report of a helper: its reason, in characters. */
export const REPORT_REASON = { min: 10, max: 1000 } as const;

// Every C0 control but tab and line feed, DEL, and the C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

export type MessageCheck = { ok: true; text: string } | { ok: false; error: string };

export function checkMessage(raw: unknown): MessageCheck {
  if (typeof raw !== "string") return { ok: false, error: m.server_error_message_empty() };
  const text = plainText(raw).replace(/\r\n?/g, "\n").trim();
  if (!hasVisibleText(text)) return { ok: false, error: m.server_error_message_empty() };
  if ([...text].length > MAX_MESSAGE_LENGTH) return { ok: false, error: m.server_error_message_too_long({ max: MAX_MESSAGE_LENGTH }) };
  if (CONTROL.test(text)) return { ok: false, error: m.server_error_message_control() };
  return { ok: true, text };
}

/** A message as both sides' pages and the stream show it. */
export interface ShownMessage {
  id: number;
  author: "family" | "supplier";
  body: string;
  createdAt: string;
  /** Only operators see hidden messages, marked as such. */
  hidden: boolean;
  reported: boolean;
}

/** One event on a conversation's stream (the browser's copy of the server's). */
export type LiveEvent =
  | { kind: "message"; message: ShownMessage }
  | { kind: "read"; side: "family" | "supplier"; upTo: number }
  | { kind: "typing"; side: "family" | "supplier" }
  | { kind: "status"; status: string }
  | { kind: "hidden"; id: number };
