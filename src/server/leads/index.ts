/** The leads feature as other code sees it: its service, its routes, its retention job. */
export { createLeadService, type LeadService, type LeadServiceDeps } from "./lead-service";
export { leadRoutes, leadSchema } from "./lead-routes";
export type { LeadLimits } from "./lead-rate-limit";
export { scheduleLeadRetention } from "./lead-retention";
export { createVisitorCookie, VISITOR_COOKIE, type Visitor, type VisitorCookie } from "./visitor-cookie";
