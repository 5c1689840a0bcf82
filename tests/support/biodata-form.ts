/**
 * The biodata form in a browser: its sections fold, so a test opens the one it fills in, as
 * a person taps its title. Works with and without the page's script (a native <details>).
 */
import type { Locator, Page } from "playwright-core";

export function formSection(page: Page, title: string): Locator {
  return page.locator("details.form-section").filter({ has: page.locator(".form-section-title", { hasText: new RegExp(`^${title}$`) }) });
}

export async function openSection(page: Page, ...titles: string[]): Promise<void> {
  for (const title of titles) {
    const section = formSection(page, title);
    if ((await section.getAttribute("open")) === null) await section.locator("summary").click();
  }
}
