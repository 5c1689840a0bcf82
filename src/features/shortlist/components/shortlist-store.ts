/**
 * The shortlist as the browser keeps it (localStorage), shared by every component through
 * useSyncExternalStore. The server renders an empty list and the browser fills it in after
 * hydration, so public pages stay the same for every visitor and can be cached.
 */
import { useSyncExternalStore } from "react";
import { cleanShortlist, SHORTLIST_MAX } from "../../../shared/shortlist";
import { trackShortlisted } from "../../../ui/pixel";
import { recordInterest } from "../../contacts/components/contact-beacon";

const STORAGE_KEY = "shortlist";
const CHANGED = "shortlist-changed";
const EMPTY: string[] = [];

let cached: { raw: string | null; ids: string[] } = { raw: null, ids: EMPTY };

function storedText(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage refused (private mode, blocked cookies): the list lives in the address only
  }
}

function parseIds(raw: string | null): string[] {
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? cleanShortlist(parsed) : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The same array while the stored text is unchanged, as useSyncExternalStore needs. */
function read(): string[] {
  const raw = storedText();
  if (raw !== cached.raw) cached = { raw, ids: parseIds(raw) };
  return cached.ids;
}

export function saveShortlist(ids: readonly string[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cleanShortlist(ids)));
  } catch {
    // Nothing to keep it in: the page still works from its address.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange); // another tab changed it
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

export function useShortlist(): string[] {
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

export type ToggleResult = "added" | "removed" | "full";

/** Adds or removes one helper; a full list refuses another and says so. */
export function toggleShortlisted(helper: { id: string; ref: string; name: string }): ToggleResult {
  const ids = read();
  if (ids.includes(helper.id)) {
    saveShortlist(ids.filter((id) => id !== helper.id));
    return "removed";
  }
  if (ids.length >= SHORTLIST_MAX) return "full";
  saveShortlist([...ids, helper.id]);
  trackShortlisted(helper);
  recordInterest(helper.id, "shortlist");
  return "added";
}
