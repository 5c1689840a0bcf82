/** The conversations feature as the site sees it: what other features use of it. */
export { RETENTION_MONTHS, type ConversationService } from "./service";
export type { ChatLimits } from "./server/limits";
export { chatFamilies } from "./server/tables";
export { familyCookie, familyKeyFromCookies } from "./server/family-key";
export { familyIdOfCookie } from "./server/family-reads";
