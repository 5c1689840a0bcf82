/**
 * Limits of a supplier account's details, for the forms (input attributes, hints) and the
 * schema alike. Kept apart from the schema so a form's page does not ship zod for a few numbers.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const COMPANY_MAX = 120;
/** MOM's employment agency licence number: two digits, a letter, four digits (19C9871). */
/** What the field takes: the seven characters with room for spaces typed between them. */
export const EA_LICENCE_MAX = 12;
export const EA_LICENCE_PATTERN = /^\d{2}[A-Z]\d{4}$/;
/** A Telegram user name: 5 to 32 letters, digits or underscores; typed with or without its @. */
export const TELEGRAM_MAX = 33;
export const TELEGRAM_PATTERN = /^@?[A-Za-z0-9_]{5,32}$/;
