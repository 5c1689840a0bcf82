/** The events the helpers feature announces (decision 189). */
import { defineEvent } from "../../server/events";
import { changeFromPayload } from "./server/listing-changes";

/**
 * Biodata the public sees changed: announced by the helpers' and accounts' triggers in the
 * transaction of the change (migration 0024), with the helpers' ids, or "everything" (a
 * supplier's details, a seed). Delivered to listeners gathered over a short window (decision 083).
 */
export const biodataChanged = defineEvent("listing", changeFromPayload);
