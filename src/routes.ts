import { existsSync, readdirSync } from "node:fs";
import { route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";

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

export default [...lists.flat(), route("*", "app/not-found.tsx")] satisfies RouteConfig;
