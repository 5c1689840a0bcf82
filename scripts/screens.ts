/**
 * `npm run screens`: the phone screenshots in docs/screens/, taken from the built site (npm run
 * build first) on a new data folder with the demo data, in Chromium at 390 × 844.
 *
 * A family's listing (also in Chinese), a biodata, its shortlist of three; a demo supplier's dashboard and the
 * biodata form, in English and in Burmese. Pass `--width 1366` for the laptop's (files then end in `-laptop`).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/support/browser";
import { startServer } from "../tests/support/server-process";

const widthAt = process.argv.indexOf("--width");
const width = widthAt > 0 ? Number(process.argv[widthAt + 1]) : 390;
if (!Number.isInteger(width) || width < 320) throw new Error("--width takes a whole number of pixels, 320 or more");
const laptop = width >= 800;
const outDir = path.resolve("docs/screens");
const dataDir = mkdtempSync(path.join(tmpdir(), "dh-screens-"));

async function shoot(page: Page, name: string) {
  // Fonts and photos first: a screenshot of a page still drawing helps nobody.
  await page.evaluate(() => {
    // A full-page picture shows photos below the fold too, which lazy loading would leave out.
    for (const image of document.querySelectorAll("img")) image.loading = "eager";
    // From the top, as the page opens (pressing a card's star scrolls to it).
    window.scrollTo(0, 0);
    return document.fonts.ready;
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  const file = path.join(outDir, `${laptop ? "laptop" : "phone"}-${name}.png`);
  // The listing and the form as a phone shows them; the others whole.
  await page.screenshot({ path: file, fullPage: !["listing", "listing-zh", "form", "form-my"].includes(name) });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const server = await startServer(
  { DATA_DIR: dataDir, PUBLIC_URL: "http://127.0.0.1", AUTH_SECRET: "screenshots-only-this-is-not-a-real-secret" },
  180_000,
);
const browser = await launchBrowser();
try {
  const family = await browser.newContext({ viewport: { width, height: 844 }, deviceScaleFactor: 1, baseURL: server.url });
  const page = await family.newPage();
  await page.goto("/posts");
  await page.waitForSelector("html[data-hydrated]");
  const toggles = page.locator("button[aria-pressed]");
  for (let i = 0; i < 3; i++) await toggles.nth(i).click();
  await shoot(page, "listing");
  await page.locator("main a[href^='/posts/']").first().click();
  await page.waitForURL(/\/posts\/[^/]+$/);
  await page.waitForSelector("h1");
  await shoot(page, "biodata");
  await page.goto("/shortlist");
  await page.waitForSelector("html[data-hydrated]");
  await shoot(page, "shortlist");
  // The listing as a family reading Chinese sees it (its shortlist kept from above).
  await page.goto("/zh/posts");
  await page.waitForSelector("html[data-hydrated]");
  await shoot(page, "listing-zh");

  const supplier = await browser.newContext({ viewport: { width, height: 844 }, deviceScaleFactor: 1, baseURL: server.url });
  const desk = await supplier.newPage();
  await desk.goto("/login");
  await desk.getByLabel("Email").fill("goldenbridge@demo.directhelpers.sg");
  await desk.getByLabel("Password", { exact: true }).fill("demo-password");
  await desk.getByRole("button", { name: "Log in" }).click();
  await desk.waitForURL((url) => !url.pathname.startsWith("/login"));
  await desk.goto("/dashboard");
  await shoot(desk, "dashboard");
  await desk.goto("/create");
  await desk.waitForSelector("form");
  await shoot(desk, "form");
  // The same form for a supplier who reads Burmese, chosen on the profile.
  const profile = await desk.locator("a[href^='/profile/']").first().getAttribute("href");
  await desk.goto(profile!);
  await desk.waitForSelector("html[data-hydrated]");
  await desk.getByLabel("Language of your pages").selectOption("my");
  await desk.getByRole("button", { name: "Save language" }).click();
  await desk.waitForSelector("html[lang='my']");
  await desk.goto("/create");
  await desk.waitForSelector("form");
  await shoot(desk, "form-my");
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
