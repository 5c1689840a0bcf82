/**
 * The visitor's shortlist: helper ids, at most six, kept in the browser and written into the
 * /shortlist address (ids=a,b,c) so a list can be bookmarked or sent to someone else.
 */
import { isUuid } from "./uuid";
import { m } from "./i18n/compiled/messages.js";

export const SHORTLIST_MAX = 6;

/** The valid, distinct ids of a list as written anywhere (address, storage), first six kept. */
export function cleanShortlist(values: readonly unknown[]): string[] {
  const ids: string[] = [];
  for (const value of values) {
    if (typeof value !== "string") continue;
    const id = value.trim().toLowerCase();
    if (isUuid(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === SHORTLIST_MAX) break;
  }
  return ids;
}

/** "ids=a,b" (also "ids=a&ids=b") -> ["a", "b"]. */
export function shortlistFromSearch(params: URLSearchParams): string[] {
  return cleanShortlist(params.getAll("ids").flatMap((value) => value.split(",")));
}

export function shortlistPath(ids: readonly string[]): string {
  return ids.length > 0 ? `/shortlist?ids=${ids.join(",")}` : "/shortlist";
}

/** A shortlisted helper as a message names her; `hire: "direct"`: she is reached only through the site (decision 197). */
type Named = { name: string; ref: string; hire?: "direct" | "agency" };

/** "1. Siti Rahayu (ref DH1013)", one line a helper, in the page's language; a direct hire says she is reached through the site. */
function messageLines(helpers: readonly Named[], siteName: string): string[] {
  return helpers.map((helper, i) =>
    helper.hire === "direct"
      ? m.shortlist_message_line_direct({ number: i + 1, name: helper.name, ref: helper.ref, site: siteName })
      : m.shortlist_message_line({ number: i + 1, name: helper.name, ref: helper.ref }),
  );
}

/** The WhatsApp message that sends a shortlist: each helper's name and reference, then its link. */
export function shortlistMessage(helpers: readonly Named[], link: string, siteName: string): string {
  return [m.shortlist_ask_message_intro(), ...messageLines(helpers, siteName), m.shortlist_ask_message_link({ link })].join("\n");
}

/** The message that shares a shortlist with anyone (a husband, a friend): the helpers, then the link to compare them. */
export function shortlistShareMessage(helpers: readonly Named[], link: string, siteName: string): string {
  return [
    m.shortlist_share_message_intro({ site: siteName }),
    ...messageLines(helpers, siteName),
    m.shortlist_share_message_link({ link }),
  ].join("\n");
}

/**
 * One's own list with another's added after it, up to the limit: `left` says how many of the
 * other's did not fit. One's own helpers are never dropped for another's.
 */
export function mergeShortlists(own: readonly string[], other: readonly string[]): { ids: string[]; left: number } {
  const ids = cleanShortlist(own);
  const adding = cleanShortlist(other).filter((id) => !ids.includes(id));
  const room = Math.max(0, SHORTLIST_MAX - ids.length);
  return { ids: [...ids, ...adding.slice(0, room)], left: Math.max(0, adding.length - room) };
}

/** Whether two lists hold the same helpers, in any order. */
export function sameShortlist(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}
