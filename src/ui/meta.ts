/** The site's name from the root loader's data, for a route's meta function. */
export function siteName(matches: readonly unknown[]): string {
  const root = matches.find((match) => (match as { id?: string } | undefined)?.id === "root") as
    { data?: { config?: { siteName?: string } } } | undefined;
  return root?.data?.config?.siteName ?? "Direct Helpers";
}

export function publicUrl(matches: readonly unknown[]): string {
  const root = matches.find((match) => (match as { id?: string } | undefined)?.id === "root") as
    { data?: { config?: { publicUrl?: string } } } | undefined;
  return root?.data?.config?.publicUrl ?? "";
}

/** A page for one person (a form, a private list): its title, and kept out of search engines. */
export function unlistedPageMeta(title: string, matches: readonly unknown[]) {
  return [{ title: `${title} — ${siteName(matches)}` }, { name: "robots", content: "noindex" }];
}
