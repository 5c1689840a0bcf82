/**
 * Limits the account forms show in the browser (input attributes, hints). Kept apart from the
 * schemas so a form's page does not ship the validation library for a few numbers.
 */
export { COMPANY_MAX, EA_LICENCE_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, TELEGRAM_MAX } from "../../shared/account-limits";
