/** The leads feature as other code sees it: its service, its routes, its retention job. */
export { createLeadService, type LeadService, type LeadServiceDeps } from "./service";
export { leadRoutes, leadSchema } from "./api";
export type { LeadLimits } from "./server/lead-rate-limit";
export { scheduleLeadRetention } from "./server/lead-retention";
export type { Forgetting } from "./server/privacy";
export { visitorAbout } from "./server/lead-message";
