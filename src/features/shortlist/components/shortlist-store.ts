/**
 * The shortlist as the browser keeps it (localStorage), shared by every component through
 * useSyncExternalStore. The server renders an empty list and the browser fills it in after
 * hydration, so public pages stay the same for every visitor and can be cached.
 *
 * A browser of a family with a space follows the list its space keeps (GET and PUT
 * /api/shortlist), so each of the family's devices shows the same one: the first time, the list
 * this browser kept is added to the space's; after that the space's list is the list.
 */
import { useEffect, useSyncExternalStore } from "react";
import { cleanShortlist, mergeShortlists, SHORTLIST_MAX } from "../../../shared/shortlist";
import { trackShortlisted } from "../../../ui/pixel";
import { recordInterest } from "../../contacts/components/contact-beacon";

const STORAGE_KEY = "shortlist";
/** Set once this browser's own list was added to its space's: from then on it follows the space's. */
const IN_SPACE_KEY = "shortlist-in-space";
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

function keep(ids: readonly string[]): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(cleanShortlist(ids)));
  } catch {
    // Nothing to keep it in: the page still works from its address.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** Whether this page follows its family's space (the list was read from it). */
let inSpace = false;

async function saveInSpace(ids: readonly string[]): Promise<string[] | null> {
  const answer = await fetch("/api/shortlist", {
    method: "PUT",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ ids: cleanShortlist(ids) }),
  });
  return answer.ok ? ((await answer.json()) as { ids: string[] }).ids : null;
}

export function saveShortlist(ids: readonly string[]): void {
  keep(ids);
  if (inSpace) saveInSpace(ids).catch(() => undefined); // offline: the space has it at the next sync
}

/** Reads the space's list (a family's browser): merges this browser's into it the first time, then follows it. */
async function followSpace(): Promise<void> {
  const answer = await fetch("/api/shortlist", { headers: { accept: "application/json" } });
  if (!answer.ok) return; // no space (or offline): the browser's own list stays
  const kept = cleanShortlist(((await answer.json()) as { ids: unknown[] }).ids ?? []);
  let next = kept;
  let merged: boolean;
  try {
    merged = window.localStorage.getItem(IN_SPACE_KEY) === "1";
  } catch {
    merged = true; // nothing kept here to merge
  }
  if (!merged) {
    next = mergeShortlists(kept, read()).ids;
    if (next.join() !== kept.join()) next = (await saveInSpace(next)) ?? next;
    try {
      window.localStorage.setItem(IN_SPACE_KEY, "1");
    } catch {
      // nothing to remember it in
    }
  }
  inSpace = true;
  if (next.join() !== read().join()) keep(next);
}

/** On the pages of a family with a space, the shortlist follows the space's (once a page load). */
export function useShortlistInSpace(enabled: boolean): void {
  useEffect(() => {
    if (enabled) followSpace().catch(() => undefined);
  }, [enabled]);
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
