import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";

/** Chromium to drive: CHROMIUM_PATH, else Debian's; undefined when there is none. */
export function browserPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
}

/** CI sets REQUIRE_BROWSER so a missing browser fails instead of skipping the browser tests. */
export const browserMissing = !browserPath() && !process.env.REQUIRE_BROWSER;

/**
 * The fonts the browser runs with, whatever the machine has installed: the system's without any
 * Chinese, Japanese, Korean or Burmese face (tests/support/fonts.conf), so a page's own fonts are
 * the only ones for those letters and Latin text is drawn alike with and without such fonts.
 */
const FONTCONFIG_FILE = fileURLToPath(new URL("./fonts.conf", import.meta.url));

export async function launchBrowser(): Promise<Browser> {
  const executablePath = browserPath();
  if (!executablePath) throw new Error("Chromium was not found: set CHROMIUM_PATH");
  return chromium.launch({
    executablePath,
    env: { ...process.env, FONTCONFIG_FILE },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
