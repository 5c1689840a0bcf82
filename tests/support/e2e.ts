/**
 * A running site for browser tests: the production build served by the real app on a free
 * loopback port, on an in-memory database (with the demo data unless a suite asks otherwise).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, onTestFinished } from "vitest";
import type { ServerBuild } from "react-router";
import { seedDemoData } from "../../src/features/demo/server/demo";
import type { MediaStorage } from "../../src/features/media/server/storage";
import { createOutboxWorker, type OutboxWorker } from "../../src/features/notifications/server/outbox-worker";
import { launchBrowser } from "./browser";
import { startSmtpServer, type SmtpServer } from "./notify";
import { createTestDatabase, testDbKind } from "./database";
import { createTestApp, type TestApp } from "./test-app";

export const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");

export interface Site extends TestApp {
  url: string;
}

/** The demo data as seeding leaves it: the database's image and every image file it stored. */
interface SeededDemo {
  image: Blob;
  media: Map<string, { body: Buffer; contentType: string }>;
}

/**
 * Seeded once per worker (browser files share their worker's modules, vitest.config.ts) and
 * copied into each site that asks for the demo: drawing the 72 portraits and the agencies' logos
 * and hashing their password took seconds of every browser file, for the same rows each time.
 * A copy is a fresh database and media folder of the site's own, so what one file changes no
 * other file sees.
 */
let seededDemo: Promise<SeededDemo> | undefined;
function demoTemplate(): Promise<SeededDemo> {
  seededDemo ??= (async () => {
    const t = await createTestApp();
    try {
      const media: SeededDemo["media"] = new Map();
      const recording: MediaStorage = {
        ...t.app.storage,
        async put(name, body, contentType) {
          media.set(name, { body, contentType });
          await t.app.storage.put(name, body, contentType);
        },
      };
      await seedDemoData(t.db, recording, { helpers: 72 });
      return { image: await t.database.handle.dumpDataDir!("none"), media };
    } finally {
      await t.close();
    }
  })();
  return seededDemo;
}

export async function startSite(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<Site> {
  const serverBuild = path.join(buildDir, "server/index.js");
  if (!existsSync(serverBuild)) throw new Error(`No production build at ${buildDir}: run npm run build`);
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  const seed = options.seed !== false;
  // The copy is of the embedded database; on PostgreSQL each site seeds its own.
  const demo = seed && testDbKind === "pglite" ? await demoTemplate() : undefined;
  const t = await createTestApp({
    env: { NODE_ENV: "production", ...options.env },
    pages: { build, clientDir: path.join(buildDir, "client") },
    database: demo ? await createTestDatabase({ image: demo.image }) : undefined,
  });
  if (demo) {
    for (const [name, file] of demo.media) await t.app.storage.put(name, file.body, file.contentType);
  } else if (seed) {
    await seedDemoData(t.db, t.app.storage, { helpers: 72 });
  }
  if (seed) t.app.services.listingChanged();
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { ...t, url: address };
}

/** What a test has said it expects to see in the console, and why. */
interface Guard {
  errors: string[];
  expected: { matches: (text: string) => boolean; reason: string }[];
}

const guards = new WeakMap<BrowserContext, Guard>();

/**
 * A browser context that fails the test it was made in on any console error or uncaught
 * exception in any of its pages, checked by itself when the test ends: a test need not look.
 * A test that expects an error says so, and why, with `expectFailedResponses`.
 */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  if (options.javaScriptEnabled !== false) context.on("page", waitForScriptsOnLoad);
  const guard: Guard = { errors: [], expected: [] };
  guards.set(context, guard);
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (!guard.expected.some((expected) => expected.matches(text))) guard.errors.push(`${text} (${message.location().url})`);
  });
  context.on("weberror", (error) => guard.errors.push(`uncaught in the page: ${error.error().stack ?? error.error().message}`));
  onTestFinished(() => {
    if (guard.errors.length > 0) {
      throw new Error(`The browser reported errors:\n${guard.errors.map((error) => `  ${error}`).join("\n")}`);
    }
  });
  return context;
}

/**
 * A page's scripts start after its first photos have been painted (scripts-after-photos.server.ts),
 * so "loaded" is not yet "interactive": `goto` and `reload` here also wait for the page to say it
 * has hydrated, as a person would wait for a control to answer. A page without the site's root
 * (an image, a PDF) is not waited for.
 */
function waitForScriptsOnLoad(page: Page): void {
  for (const method of ["goto", "reload"] as const) {
    const navigate = page[method].bind(page) as (...args: unknown[]) => ReturnType<Page["goto"]>;
    Object.assign(page, {
      [method]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        if (response?.headers()["content-type"]?.startsWith("text/html")) {
          await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
        }
        return response;
      },
    });
  }
}

/**
 * The one opt-out: the browser logs every answer with an error status ("Failed to load
 * resource: … status of 400") as a console error, so a test that provokes such an answer on
 * purpose (a refused form, a rate limit, the not-found page) names those statuses and the
 * reason. Any other console error, and every uncaught exception, still fails the test.
 */
export function expectFailedResponses(context: BrowserContext, statuses: number[], reason: string): void {
  const guard = guards.get(context);
  if (!guard) throw new Error("expectFailedResponses needs a context from newContext or newPage");
  if (!reason.trim()) throw new Error("say why the test expects these failed responses");
  const line = new RegExp(`^Failed to load resource: the server responded with a status of (${statuses.join("|")}) `);
  guard.expected.push({ matches: (text) => line.test(text), reason });
}

/**
 * The same for console errors a test provokes that are no failed response (a page used while the
 * browser is offline reports its failed fetches): the errors matching `pattern`, and why.
 */
export function expectConsoleErrors(context: BrowserContext, pattern: RegExp, reason: string): void {
  const guard = guards.get(context);
  if (!guard) throw new Error("expectConsoleErrors needs a context from newContext or newPage");
  if (!reason.trim()) throw new Error("say why the test expects these console errors");
  guard.expected.push({ matches: (text) => pattern.test(text), reason });
}

/** A guarded context (as `newContext` says) signed in with an account's Cookie header on `site`. */
export async function signedInContext(browser: Browser, site: Site, cookie: string, options: BrowserContextOptions = {}) {
  const context = await newContext(browser, options);
  await context.addCookies(
    cookie.split("; ").map((pair) => {
      const [name, ...value] = pair.split("=");
      return { name: name!, value: value.join("="), url: site.url };
    }),
  );
  return context;
}

/** A page in a context of its own, guarded as `newContext` says. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }) {
  const context = await newContext(browser, { viewport });
  const page: Page = await context.newPage();
  return { page, context };
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

/**
 * The same with mail: a real SMTP server the site sends to, the outbox's worker sending every
 * 100 ms, and no demo data. Built before the suite's tests and stopped after them.
 */
export function mailingSiteInBrowser() {
  const running = {} as { smtp: SmtpServer; site: Site; browser: Browser };
  let worker: OutboxWorker | undefined;
  beforeAll(async () => {
    running.smtp = await startSmtpServer();
    running.site = await startSite({ seed: false, env: { SMTP_URL: running.smtp.url, SUPPORT_EMAIL: "support@example.com" } });
    worker = createOutboxWorker(running.site.database.handle, running.site.config, { pollMs: 100 });
    await worker.start();
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    await running.browser?.close();
    await worker?.stop();
    await running.site?.close();
    await running.smtp?.close();
  });
  return running;
}

export { launchBrowser };

/**
 * A whole page from its top (a page scrolled to a message keeps its header mid-picture), into
 * SCREENS_DIR when it is set; nothing otherwise.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const screens = process.env.SCREENS_DIR;
  if (!screens) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${screens}/${name}`, fullPage: true });
}
