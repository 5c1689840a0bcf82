/**
 * The browser's words in Bahasa Indonesia, Filipino and Burmese for the messages both sides read
 * (menu, footer, cards, errors). The browser build keeps them out of the scripts every family page
 * loads (scripts/supplier-words-plugin.ts, decision 122); a page in one of these languages loads
 * its language's module before it renders: the first page before hydration (entry.client.tsx),
 * a navigation into that language through the root layout, which waits for it.
 */
import type { Locale } from "../shared/i18n/locales";

type Words = Record<string, (inputs: never) => string>;
type SupplierWordLocale = "id" | "fil" | "my";

const MODULES: Record<SupplierWordLocale, () => Promise<{ default: Words }>> = {
  id: () => import("virtual:supplier-words/id"),
  fil: () => import("virtual:supplier-words/fil"),
  my: () => import("virtual:supplier-words/my"),
};

const loaded: Partial<Record<Locale, Words>> = {};
const loading: Partial<Record<Locale, Promise<void>>> = {};

function hasWordsModule(locale: Locale): locale is SupplierWordLocale {
  return locale in MODULES;
}

/** The message's text in the locale, or undefined while its module is not loaded (or lacks it). */
export function supplierWord(locale: Locale, key: string, inputs: never): string | undefined {
  return loaded[locale]?.[key]?.(inputs);
}

/** Whether the locale's words are here (English and Chinese always are). */
export function supplierWordsReady(locale: Locale): boolean {
  return !hasWordsModule(locale) || locale in loaded;
}

/** Loads the locale's words once; the same promise for every caller, so React can wait on it. */
export function loadSupplierWords(locale: Locale): Promise<void> {
  if (!hasWordsModule(locale)) return Promise.resolve();
  loading[locale] ??= MODULES[locale]().then(
    (module) => {
      loaded[locale] = module.default;
    },
    (error: unknown) => {
      // A failed download is tried again by the next page that needs it.
      delete loading[locale];
      throw error;
    },
  );
  return loading[locale];
}
