/**
 * The choices of a drop-down or a group of checkboxes, built the same way from every list the
 * site offers (the catalogue, the standard form's lists, the original filter's care groups):
 * the value sent is the entry's slug (or its own value), the words shown are its label.
 */
export interface Option {
  value: string;
  label: string;
}

type Listed = { slug: string; label: string } | { value: string; label: string };

export function optionsOf(entries: readonly Listed[]): Option[] {
  return entries.map((entry) => ({ value: "slug" in entry ? entry.slug : entry.value, label: entry.label }));
}
