/** The contacts feature as the site sees it: what other features use of it. */
export { COUNTED_DAYS, type ContactService, type InterestCounts } from "./service";
