/**
 * The one-line confirmations shown after a supplier's action, in the words of what now holds:
 * published (families see it now), saved, or deleted; in the supplier's language (their words
 * are the helpers feature's supplier side).
 */
import { labelOf } from "../shared/catalogue";
import { m } from "../shared/i18n/compiled/messages.js";

const statusWord = (status: string) => labelOf("status", status)?.toLowerCase() ?? status;

export function savedMessage(helper: { name: string; status: string }, before?: string): string {
  if (helper.status === "available") {
    return before === "available" ? m.helpers_supplier_saved({ name: helper.name }) : m.helpers_supplier_published({ name: helper.name });
  }
  if (helper.status === "draft") return m.helpers_supplier_saved_draft({ name: helper.name });
  return m.helpers_supplier_saved_marked({ name: helper.name, status: statusWord(helper.status) });
}

export function deletedMessage(helper: { name: string; ref: string }): string {
  return m.helpers_supplier_deleted({ name: helper.name, ref: helper.ref });
}

/** A status changed from the dashboard's list. */
export function statusMessage(helper: { name: string; status: string }): string {
  if (helper.status === "available") return m.helpers_supplier_published({ name: helper.name });
  return m.helpers_supplier_status_changed({ name: helper.name, status: statusWord(helper.status) });
}
