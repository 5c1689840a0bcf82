/** The helpers feature as other code sees it: its service, its routes, its response shapes. */
export { createHelperService, type HelperService, type HelperServiceDeps } from "./service";
export { helperRoutes } from "./helper-routes";
export { helperWriteRoutes } from "./helper-write-routes";
export { ListingCache } from "./listing-cache";
export type { BiodataReader } from "./helper-service";
export { listedHelpers, ownerMayShow, type PublicRule } from "./visibility";
export { ChangeGatherer, changeFromPayload, type ListingChange } from "./listing-changes";
export { DEFAULT_WRITE_LIMITS, type WriteWindow } from "./write-limit";
