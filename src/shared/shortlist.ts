/**
 * The visitor's shortlist: helper ids, at most six, kept in the browser and written into the
 * /shortlist address (ids=a,b,c) so a list can be bookmarked or sent to someone else.
 */
import { isUuid } from "./uuid";

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

/** The WhatsApp message that sends a shortlist: each helper's name and reference, then its link. */
export function shortlistMessage(helpers: readonly { name: string; ref: string }[], link: string): string {
  const lines = helpers.map((helper, i) => `${i + 1}. ${helper.name} (ref ${helper.ref})`);
  return ["Hi, I would like to know more about the helpers on my shortlist:", ...lines, `My shortlist: ${link}`].join("\n");
}
