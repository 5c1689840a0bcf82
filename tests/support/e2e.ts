/**
 * A running site for browser tests: the production build served by the real app on a free
 * loopback port, on an in-memory database (with the demo data unless a suite asks otherwise).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import type { ServerBuild } from "react-router";
import { seedDemoData } from "../../src/server/db/seed/demo";
import { launchBrowser } from "./browser";
import { createTestApp, type TestApp } from "./test-app";

export const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

export interface Site extends TestApp {
  url: string;
}

export async function startSite(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<Site> {
  const serverBuild = path.join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`No production build at ${buildDir}: run npm run build`);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const t = await createTestApp({
    env: { NODE_ENV: "production", ...options.env },
    pages: { build, clientDir: path.join(buildDir, "client") },
  });
  if (options.seed !== false) {
    await seedDemoData(t.db, t.app.storage, { helpers: 72 });
    t.app.services.listingChanged();
  }
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { ...t, url: address };
}

/**
 * A page that fails the test on any console error or uncaught exception, unless the test
 * expects it by calling `allowConsoleErrors`.
 */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context: BrowserContext = await browser.newContext({ viewport });
  const page: Page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, context, errors };
}

/**
 * A site and a browser for the suite it is called in: started before its tests, stopped after.
 * Read `site` and `browser` inside tests (they exist once the suite has started).
 */
export function siteInBrowser(options: Parameters<typeof startSite>[0] = {}) {
  const running = {} as { site: Site; browser: Browser };
  beforeAll(async () => {
    running.site = await startSite(options);
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.site?.close();
  });
  return running;
}

export { launchBrowser };
