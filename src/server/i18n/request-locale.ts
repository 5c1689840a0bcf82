/**
 * The locale of the page being rendered, per request: the message functions ask for it while
 * the page renders on the server (many requests at once, each in its own language), so it is
 * kept in the request's async context rather than in a variable (decision 113).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { overwriteServerAsyncLocalStorage } from "../../shared/i18n/compiled/runtime.js";
import { readVisitorChoiceFrom } from "../../shared/i18n/locales";
import { readPageLocalesFrom, type PageLocales } from "../../shared/i18n/page-locale";

// One store per process: the pages' server build carries its own copy of this module (imported
// by entry.server.tsx) beside the server's, and both must read what the server set.
const KEY = Symbol.for("direct-helpers.page-locales");
const slot = globalThis as { [KEY]?: AsyncLocalStorage<PageLocales> };
const storage = (slot[KEY] ??= new AsyncLocalStorage<PageLocales>());
// The message functions read `locale` of the same store; they never write to it.
overwriteServerAsyncLocalStorage(storage as unknown as Parameters<typeof overwriteServerAsyncLocalStorage>[0]);
const ENGLISH: PageLocales = { locale: "en", familyDefault: "en" };
readPageLocalesFrom(() => storage.getStore() ?? ENGLISH);
// While a page renders, a signed-out page's language is the one the request worked out (decision 123).
readVisitorChoiceFrom(() => storage.getStore()?.locale);

/** Runs `work` (a page's rendering, a mail's writing) with the message functions in `locale`. */
export function withLocale<T>(locales: PageLocales, work: () => T): T {
  return storage.run(locales, work);
}
