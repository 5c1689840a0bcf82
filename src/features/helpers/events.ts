/** The events the helpers feature announces (decision 189). */
import { defineEvent } from "../../server/events";
import type { PageCache } from "../../server/http/page-cache";
import type { Gathering } from "../../server/plug";
import { ChangeGatherer, changeFromPayload, type ListingChange } from "./server/listing-changes";

/**
 * Biodata the public sees changed: announced by the helpers' and accounts' triggers in the
 * transaction of the change (migration 0024), with the helpers' ids, or "everything" (a
 * supplier's details, a seed). Delivered to listeners gathered over a short window (decision 083).
 */
export const biodataChanged = defineEvent("listing", changeFromPayload);

/**
 * This instance's biodata changes, gathered for `windowMs` (decision 083): a burst of saves costs
 * one round of dropped pages (the kept pages go with the listings they show, before any listener
 * runs) and one delivery to the listeners (the search index, the PDFs, the previews, the alerts).
 */
export function gatherBiodataChanges(windowMs: number, pages: Pick<PageCache, "invalidate" | "invalidateHelpers">) {
  let deliver: (change: ListingChange) => Promise<void> = async () => undefined;
  const gatherer = new ChangeGatherer(windowMs, (change) => {
    if (change === "everything") pages.invalidate();
    else pages.invalidateHelpers(change.helpers);
    void deliver(change);
  });
  const gathering: Gathering<ListingChange> & { readonly waiting: boolean } = {
    event: biodataChanged,
    add: (change) => gatherer.add(change),
    connect: (to) => void (deliver = to),
    get waiting() {
      return gatherer.waiting;
    },
    close: () => gatherer.close(),
  };
  return gathering;
}
