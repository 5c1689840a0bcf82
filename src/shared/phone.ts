/**
 * Phone numbers as people type them, stored as E.164. Singapore is the default region: a local
 * number may be typed with or without +65; any other country needs its + prefix (or an
 * international dialling prefix such as 001), because eight digits alone are read as Singapore.
 *
 * The full metadata is used so that a number that cannot exist (e.g. +65 9999 9999) is refused,
 * not only one of the wrong length. It weighs about 50 KB gzipped: call this in actions and on
 * the server, not in code shipped to every page.
 */
import { findPhoneNumbersInText, parsePhoneNumberFromString, validatePhoneNumberLength, type CountryCode } from "libphonenumber-js/max";
import { m } from "./i18n/compiled/messages.js";

export const DEFAULT_PHONE_REGION: CountryCode = "SG";

/** E.164 allows 15 digits at most; anything longer was mistyped. */
const MAX_DIGITS = 15;

/** Numbers nobody answers personally: a lead needs one the operator can call or message. */
const UNREACHABLE_TYPES = new Set(["TOLL_FREE", "PREMIUM_RATE", "SHARED_COST", "VOICEMAIL"]);

/** What a refused number is told, read in the language of the request it answers (decision 120). */
export const phoneMessages = {
  get empty() {
    return m.shared_error_phone_empty();
  },
  get characters() {
    return m.shared_error_phone_characters();
  },
  get tooShortLocal() {
    return m.shared_error_phone_too_short_local();
  },
  get tooShort() {
    return m.shared_error_phone_too_short();
  },
  get tooLong() {
    return m.shared_error_phone_too_long();
  },
  get notLocal() {
    return m.shared_error_phone_not_local();
  },
  get unknownCountry() {
    return m.shared_error_phone_unknown_country();
  },
  get invalid() {
    return m.shared_error_phone_invalid();
  },
  get unreachable() {
    return m.shared_error_phone_unreachable();
  },
};

export type PhoneResult = { ok: true; phone: string; country: CountryCode | undefined } | { ok: false; message: string };

export function normalisePhone(input: string | null | undefined): PhoneResult {
  const text = (input ?? "").trim();
  if (text === "") return { ok: false, message: phoneMessages.empty };
  if (!/^\(?\+?[\d\s().\-/]*$/.test(text)) return { ok: false, message: phoneMessages.characters };

  const digits = text.replace(/\D/g, "");
  const international = /^\(?\+/.test(text);
  if (digits.length === 0) return { ok: false, message: phoneMessages.empty };
  if (digits.length > MAX_DIGITS) return { ok: false, message: phoneMessages.tooLong };

  const number = parsePhoneNumberFromString(text, DEFAULT_PHONE_REGION);
  if (number?.isValid()) {
    const type = number.getType();
    if (type && UNREACHABLE_TYPES.has(type)) return { ok: false, message: phoneMessages.unreachable };
    return { ok: true, phone: number.number, country: number.country };
  }

  const length = validatePhoneNumberLength(text, DEFAULT_PHONE_REGION);
  if (!international) {
    // Without a +, only a Singapore number (8 digits, or 65 and 8 digits) is taken.
    if (digits.length < 8) return { ok: false, message: phoneMessages.tooShortLocal };
    if (digits.length === 8 || (digits.length === 10 && digits.startsWith("65"))) {
      return { ok: false, message: phoneMessages.invalid };
    }
    return { ok: false, message: phoneMessages.notLocal };
  }
  if (length === "INVALID_COUNTRY") return { ok: false, message: phoneMessages.unknownCountry };
  if (length === "TOO_SHORT") return { ok: false, message: phoneMessages.tooShort };
  if (length === "TOO_LONG") return { ok: false, message: phoneMessages.tooLong };
  return { ok: false, message: phoneMessages.invalid };
}

/** "+6591234567" -> "+65 9123 4567", for people to read; the input back when it is not a number. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/**
 * Whether free text holds a phone number: one the library finds in it (a Singapore number with
 * or without +65, any other with its +), or eight digits and more written as one number with
 * spaces between (a number typed to slip past the finder). Dates and prices are not numbers.
 */
export function holdsPhoneNumber(text: string): boolean {
  if (findPhoneNumbersInText(text, DEFAULT_PHONE_REGION).length > 0) return true;
  return /(?<![\d-])\d(?: ?\d){7,}(?![\d-])/.test(text);
}
