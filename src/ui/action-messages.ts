/**
 * The one-line confirmations shown after a supplier's action, in the words of what now holds:
 * published (families see it now), saved, or deleted.
 */
import { labelOf } from "../shared/catalogue-labels";
import { m } from "../shared/i18n/compiled/messages.js";

const statusWords = (status: string) => labelOf("status", status)?.toLowerCase() ?? status;

export function savedMessage(helper: { name: string; status: string }, before?: string): string {
  if (helper.status === "available") {
    return before === "available" ? m.ui_saved({ name: helper.name }) : m.ui_published({ name: helper.name });
  }
  if (helper.status === "draft") return m.ui_saved_draft({ name: helper.name });
  return m.ui_saved_marked({ name: helper.name, status: statusWords(helper.status) });
}

export function deletedMessage(helper: { name: string; ref: string }): string {
  return m.ui_deleted({ name: helper.name, ref: helper.ref });
}

/** A status changed from the dashboard's list. */
export function statusMessage(helper: { name: string; status: string }): string {
  if (helper.status === "available") return m.ui_published({ name: helper.name });
  return m.ui_status_now({ name: helper.name, status: statusWords(helper.status) });
}
