/** The leads feature as the site sees it: what other features use of it. */
export { createLeadService, type LeadService, type LeadServiceDeps } from "./service";
export { leadSchema } from "./api";
export type { LeadLimits } from "./server/lead-rate-limit";
export type { Forgetting } from "./server/privacy";
export { visitorAbout } from "./server/lead-message";
export { leadPhones, visitors } from "./server/tables";
export { leadPhone } from "./server/lead-reads";
