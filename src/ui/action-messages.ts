/**
 * The one-line confirmations shown after a supplier's action, in the words of what now holds:
 * published (families see it now), saved, or deleted.
 */
import { labelOf } from "../shared/catalogue";

export function savedMessage(helper: { name: string; status: string }, before?: string): string {
  if (helper.status === "available") {
    return before === "available"
      ? `Saved the biodata of ${helper.name}.`
      : `Published the biodata of ${helper.name}: families can see it on the listing now.`;
  }
  if (helper.status === "draft") return `Saved the biodata of ${helper.name} as a draft: only you can see it.`;
  return `Saved the biodata of ${helper.name}, marked ${labelOf("status", helper.status)?.toLowerCase() ?? helper.status}.`;
}

export function deletedMessage(helper: { name: string; ref: string }): string {
  return `Deleted the biodata of ${helper.name} (${helper.ref}).`;
}

/** A status changed from the dashboard's list. */
export function statusMessage(helper: { name: string; status: string }): string {
  if (helper.status === "available") return `Published the biodata of ${helper.name}: families can see it on the listing now.`;
  return `The biodata of ${helper.name} is now ${labelOf("status", helper.status)?.toLowerCase() ?? helper.status}.`;
}
