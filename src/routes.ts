import { existsSync, readdirSync } from "node:fs";
import { route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { FAMILY_LOCALES, isFamilyPath, SOURCE_LOCALE } from "./shared/i18n/locales";

/**
 * Each feature lists its pages in its own routes.ts (each page declares its policy in its
 * module): a feature folder that has one is picked up here, so adding a feature's pages touches
 * its folder only (decision 095). The catch-all is the site's own.
 */
const features = new URL("./features/", import.meta.url);
const names = readdirSync(features)
  .filter((name) => existsSync(new URL(`${name}/routes.ts`, features)))
  .sort();
const lists = await Promise.all(
  names.map(async (name) => ((await import(`./features/${name}/routes.ts`)) as { default: RouteConfigEntry[] }).default),
);
const pages = lists.flat();

/**
 * The families' pages again under each other locale's prefix (`/zh/posts`), the same modules
 * under their own route ids: the page reads its locale from the address (decision 113).
 */
function inLocale(entry: RouteConfigEntry, locale: string): RouteConfigEntry {
  const id = `${locale}/${entry.id ?? entry.file.replace(/\.tsx?$/, "")}`;
  return { ...entry, id, index: undefined, path: entry.index ? locale : `${locale}/${entry.path}`, children: undefined };
}
const isFamily = (entry: RouteConfigEntry) => !entry.children && isFamilyPath(`/${entry.path ?? ""}`);
const localized = FAMILY_LOCALES.filter((locale) => locale !== SOURCE_LOCALE).flatMap((locale) =>
  pages.filter(isFamily).map((entry) => inLocale(entry, locale)),
);

export default [...pages, ...localized, route("*", "app/not-found.tsx")] satisfies RouteConfig;
