/** The push feature as other features see it: its table, and its service's type. */
export { pushSubscriptions } from "./server/tables";
export type { PushService } from "./service";
