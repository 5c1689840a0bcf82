/**
 * The app with its pages, for integration tests that post forms to page actions through
 * app.inject(): the production build's server bundle (BUILD_DIR, else build/).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createTestApp, type TestApp } from "./test-app";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

export async function createPageApp(options: Omit<Parameters<typeof createTestApp>[0] & object, "pages"> = {}): Promise<TestApp> {
  const serverBuild = path.join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`No production build at ${buildDir}: run npm run build`);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  return createTestApp({ ...options, pages: { build } });
}

/** A url-encoded form body, as a browser posts it. */
export function formBody(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

/** What a browser sends with a form posted from one of the site's own pages (inject's host is localhost). */
export const formHeaders = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" };
