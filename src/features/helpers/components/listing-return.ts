/**
 * The listing a visitor last saw (its address with the query), so a biodata's "Back to results"
 * returns there. Kept in the tab's sessionStorage: the biodata page's HTML stays the same for
 * everyone (cacheable) and the link is filled in after hydration. The address is kept without
 * its language and given the page's (decision 131): a Chinese biodata returns to the Chinese
 * listing with the family's filters, even when the listing was last seen in English.
 */
import { useEffect, useSyncExternalStore } from "react";
import { unprefixedPath } from "../../../shared/i18n/locales";
import { localHref } from "../../../shared/i18n/page-locale";

const KEY = "listing-return";
const DEFAULT = "/posts";

function stored(): string {
  try {
    const value = window.sessionStorage.getItem(KEY);
    const plain = value === null ? "" : unprefixedPath(value);
    // Only our own listing addresses: never a link elsewhere.
    return /^\/posts(\/(categories|users)\/[^?#]+)?(\?[^#]*)?$/.test(plain) ? plain : DEFAULT;
  } catch {
    return DEFAULT;
  }
}

const read = () => localHref(stored());
const readOnServer = () => localHref(DEFAULT);

const noSubscription = () => () => {};

export function useListingReturn(): string {
  return useSyncExternalStore(noSubscription, read, readOnServer);
}

/** Called by listing pages: remember this address. */
export function useRememberListing(address: string): void {
  useEffect(() => {
    try {
      window.sessionStorage.setItem(KEY, unprefixedPath(address));
    } catch {
      // Storage refused: Back to results then goes to the whole listing.
    }
  }, [address]);
}
