/** The helpers feature as other code sees it: its service, its routes, its response shapes. */
export { createHelperService, type HelperService, type HelperServiceDeps } from "./service";
export { biodataChanged, gatherBiodataChanges } from "./events";
export { helperRoutes } from "./api";
export { helperWriteRoutes } from "./api-writes";
export { ListingCache } from "../../server/listing-cache";
export type { BiodataReader } from "./server/helper-reads";
export { biodataUsesImage } from "./server/image-use";
export { isShownStatus, ownerMayShow, publicRule, type PublicRule } from "./server/visibility";
export { ChangeGatherer, changeFromPayload, type ListingChange } from "./server/listing-changes";
export { DEFAULT_WRITE_LIMITS, type WriteWindow } from "./server/write-limit";
export { personnelNamedBy } from "./server/named-personnel";
export { helperAndSupplierColumns, helperNames, helpers, type NewHelperRow } from "./server/tables";
export { helperName } from "./server/helper-names";
export { describeFilter } from "./pages/listing.server";
