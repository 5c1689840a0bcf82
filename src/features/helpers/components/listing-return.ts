/**
 * The listing a visitor last saw (its address with the query), so a biodata's "Back to results"
 * returns there. Kept in the tab's sessionStorage: the biodata page's HTML stays the same for
 * everyone (cacheable) and the link is filled in after hydration.
 */
import { useEffect, useSyncExternalStore } from "react";

const KEY = "listing-return";
const DEFAULT = "/posts";

function read(): string {
  try {
    const value = window.sessionStorage.getItem(KEY);
    // Only our own listing addresses: never a link elsewhere.
    return value && /^\/posts(\/(categories|users)\/[^?#]+)?(\?[^#]*)?$/.test(value) ? value : DEFAULT;
  } catch {
    return DEFAULT;
  }
}

const noSubscription = () => () => {};

export function useListingReturn(): string {
  return useSyncExternalStore(noSubscription, read, () => DEFAULT);
}

/** Called by listing pages: remember this address. */
export function useRememberListing(address: string): void {
  useEffect(() => {
    try {
      window.sessionStorage.setItem(KEY, address);
    } catch {
      // Storage refused: Back to results then goes to the whole listing.
    }
  }, [address]);
}
