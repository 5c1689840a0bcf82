/**
 * Limits the account forms show in the browser (input attributes, hints). Kept apart from the
 * schemas so a form's page does not ship the validation library for a few numbers.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 80;
export const COMPANY_MAX = 120;
export const EA_LICENCE_MAX = 20;
