/**
 * Bounds on a page form before any page reads it. Conform builds nested objects and lists from
 * field names (`employment[3].from`), so one name can ask for a list of a billion slots, a
 * name sent again and again is joined into a list one copy at a time, and a refused form sends
 * every value back to the page it came from. A form past these bounds is refused at once
 * (413 for too much, 400 for a name no form has), before it is parsed as a whole.
 *
 * The numbers and why they are these: docs/decisions/080.
 */
import { m } from "../../shared/i18n/compiled/messages.js";
import { formatNumber } from "../../shared/format";
import { HttpError, badRequest } from "./errors";

/** The biodata form is the largest: 213 fields with every tick, skill, job row and the photo. */
export const MAX_FORM_FIELDS = 1_000;
/** The longest list of ticks is 13 (the skill filter); the same name more often is no form's. */
export const MAX_VALUES_PER_NAME = 100;
/** The longest list of rows is the biodata's 12 jobs (`employment[11]`). */
export const MAX_LIST_INDEX = 99;
/** The longest real name is 28 characters (`skills.housework.experienced`). */
export const MAX_FIELD_NAME_LENGTH = 100;
/**
 * Characters of names and text values together (a file counts by its name only): a biodata
 * filled to every limit is about 75,000, special notes' 50,000 included, so a person who
 * pastes too much into one field still gets that field's own message.
 */
export const MAX_FORM_TEXT = 256 * 1024;

const tooLarge = (message: string, fields?: Record<string, string>) => new HttpError(413, "too_large", message, fields);

const tooManyFields = () => tooLarge(m.server_error_form_too_many_fields({ max: formatNumber(MAX_FORM_FIELDS) }));

/** A name fit to quote in a message: never the whole of a long one. */
const quoted = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

/**
 * Before the body is parsed: a cheap count of its separators, so a body of a million tiny
 * fields is refused without building them. Counts at least as many fields as a parser finds.
 */
export function checkFormSize(body: Buffer, mediaType: string, contentType: string): void {
  let separator: string | undefined;
  if (mediaType === "application/x-www-form-urlencoded") separator = "&";
  else {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    if (boundary) separator = `--${boundary[1] ?? boundary[2]}`;
  }
  if (!separator) return;
  let count = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, at + separator.length)) {
    // A multipart body has one boundary more than parts; a url-encoded one, one `&` fewer than fields.
    if (++count > MAX_FORM_FIELDS + 1) throw tooManyFields();
  }
}

/** Whether a name holds a list position (`[n]`, as Conform reads it) above the largest allowed. */
function listIndexTooLarge(name: string): boolean {
  for (const match of name.matchAll(/\[(\d+)\]/g)) {
    if (Number(match[1]) > MAX_LIST_INDEX) return true;
  }
  return false;
}

/**
 * The fields as parsed (a page form's body, or the query a GET form sends): refused with the
 * bound they pass and the field that passes it.
 */
export function checkFormFields(entries: Iterable<[string, FormDataEntryValue]>): void {
  const seen = new Map<string, number>();
  let fields = 0;
  let text = 0;
  for (const [name, value] of entries) {
    if (++fields > MAX_FORM_FIELDS) throw tooManyFields();
    if (name.length > MAX_FIELD_NAME_LENGTH) {
      const max = formatNumber(MAX_FIELD_NAME_LENGTH);
      throw badRequest(m.server_error_form_name_too_long({ max, name: quoted(name) }), {
        [quoted(name)]: m.server_error_form_name_too_long_field({ max }),
      });
    }
    if (listIndexTooLarge(name)) {
      throw badRequest(m.server_error_form_row_too_far({ name, row: formatNumber(MAX_LIST_INDEX + 2) }), {
        [name]: m.server_error_form_row_too_far_field({ max: formatNumber(MAX_LIST_INDEX + 1) }),
      });
    }
    const times = (seen.get(name) ?? 0) + 1;
    if (times > MAX_VALUES_PER_NAME) {
      const max = formatNumber(MAX_VALUES_PER_NAME);
      throw tooLarge(m.server_error_form_sent_too_often({ name, max }), { [name]: m.server_error_form_sent_too_often_field({ max }) });
    }
    seen.set(name, times);
    text += name.length + (typeof value === "string" ? value.length : 0);
    if (text > MAX_FORM_TEXT) {
      throw tooLarge(m.server_error_form_too_much_text({ max: formatNumber(MAX_FORM_TEXT) }));
    }
  }
}
