import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/** Chromium to drive: CHROMIUM_PATH, else Debian's; undefined when there is none. */
export function browserPath(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return candidates.find((candidate): candidate is string => Boolean(candidate && existsSync(candidate)));
}

/** CI sets REQUIRE_BROWSER so a missing browser fails instead of skipping the browser tests. */
export const browserMissing = !browserPath() && !process.env.REQUIRE_BROWSER;

export async function launchBrowser(): Promise<Browser> {
  const executablePath = browserPath();
  if (!executablePath) throw new Error("Chromium was not found: set CHROMIUM_PATH");
  return chromium.launch({
    executablePath,
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
