/** The alerts feature as other code sees it. */
export { type AlertsService } from "./service";
export { alertMatches, alertPasses, alertSuppressions, savedSearches } from "./server/tables";
