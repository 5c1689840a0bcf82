/** The operator feature as other code sees it: its service and its routes. */
export { createOperatorService, type OperatorService } from "./service";
export { operatorRoutes } from "./api";
