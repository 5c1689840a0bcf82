/** The operator feature as other code sees it: its service and its socket for operator commands. */
export { createOperatorService, type OperatorService } from "./service";
export { serveOperatorSocket } from "./server/operator-socket";
