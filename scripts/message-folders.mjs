/**
 * Which message folders families read (shared by the catalogue compile, scripts/messages.mjs, and
 * the browser build's split of the suppliers' languages, scripts/supplier-words-plugin.ts).
 */

/** Folders whose words families read: they are complete in Chinese too. */
export const FAMILY_FOLDERS =
  /^src\/(app|ui|shared|features\/(helpers|leads|shortlist|privacy|conversations|suppliers|seo|push|alerts|jobs))\//;
/**
 * A family feature's supplier-side words (dashboard, biodata form, profile, inbox) live apart, in
 * `src/features/<name>/supplier/messages/`: suppliers read them in their own languages, families never.
 */
export const SUPPLIER_SIDE = /^src\/features\/[^/]+\/supplier\/messages\//;

/** The key prefixes of the family folders (`app`, `ui`, `helpers`, …). */
export const FAMILY_PREFIXES = [
  "app",
  "ui",
  "shared",
  "helpers",
  "leads",
  "shortlist",
  "privacy",
  "conversations",
  "suppliers",
  "seo",
  "push",
  "alerts",
  "jobs",
];

/** Whether a message key is one of the family folders' words (not a feature's supplier side). */
export function isFamilyKey(key) {
  return FAMILY_PREFIXES.some((prefix) => key.startsWith(`${prefix}_`) && !key.startsWith(`${prefix}_supplier_`));
}
