/** The suppliers feature as other code sees it: its service and its routes. */
export { createSupplierService, type SupplierService } from "./service";
export { supplierRoutes } from "./api";
export { namedPersonnel } from "./server/ea-personnel";
export { eaPersonnel } from "./server/tables";
export { checkPersonnel, findPersonnelCheck, listPersonnelChecks, uncheckPersonnel, type PersonnelCheck } from "./server/personnel-checks";
export { holdOwnPersonnel } from "./server/ea-personnel";
