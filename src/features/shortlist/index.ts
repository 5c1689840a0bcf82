/** The shortlist feature as the site sees it: what other features use of it. */
export type { KeptHelper, ShortlistService } from "./service";
