/** The operator feature as other code sees it: its service and its routes. */
export { createAdminService, type AdminService } from "./admin-service";
export { adminRoutes } from "./admin-routes";
