/** The operator feature as other code sees it: its service and its routes. */
export { createAdminService, type AdminService } from "./service";
export { adminRoutes } from "./api";
