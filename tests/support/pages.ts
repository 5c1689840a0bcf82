/**
 * The app with its pages, for integration tests that post forms to page actions through
 * app.inject(): the production build's server bundle (BUILD_DIR, else build/).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createTestApp, useApp, type OptionsWhenBuilt, type TestApp, type TestAppOptions } from "./test-app";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

export type PageAppOptions = Omit<TestAppOptions, "pages">;

export async function createPageApp(options: PageAppOptions = {}): Promise<TestApp> {
  const serverBuild = path.join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`No production build at ${buildDir}: run npm run build`);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  return createTestApp({ ...options, pages: { build } });
}

/** The suite's app with its pages, as useTestApp makes the app without them. */
export function usePageApp(options: OptionsWhenBuilt<PageAppOptions> = {}): TestApp {
  return useApp(async () => createPageApp(typeof options === "function" ? await options() : options));
}

/** A url-encoded form body, as a browser posts it. */
export function formBody(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

/** What a browser sends with a form posted from one of the site's own pages (inject's host is localhost). */
export const formHeaders = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" };
