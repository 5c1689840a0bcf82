/**
 * The site's locales and where each is used (decision 113). Families read the public pages in
 * English or Chinese, chosen by the address (`/zh/posts`, or the plain address in the default
 * language); suppliers choose theirs on their profile. English is the source of every message.
 */
export const LOCALES = ["en", "zh", "id", "fil", "my"] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = "en";
/** The public (family) pages' locales: each but the default has its prefix in the address. */
export const FAMILY_LOCALES = ["en", "zh"] as const satisfies readonly Locale[];
export type FamilyLocale = (typeof FAMILY_LOCALES)[number];
/** What a supplier may choose for the dashboard, the biodata form and the profile. */
export const SUPPLIER_LOCALES = ["en", "id", "fil", "my"] as const satisfies readonly Locale[];
export type SupplierLocale = (typeof SUPPLIER_LOCALES)[number];

/** Each locale's name in its own language, for the language switch and the profile's menu. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  zh: "中文",
  id: "Bahasa Indonesia",
  fil: "Filipino",
  my: "မြန်မာ",
};

/** Each locale's `lang` attribute and `hreflang`. */
export const HTML_LANG: Record<Locale, string> = { en: "en", zh: "zh-Hans", id: "id", fil: "fil", my: "my" };

/** The Intl locale of each: Singapore's conventions (dates, digits) where they exist. */
export const INTL_LOCALE: Record<Locale, string> = {
  en: "en-SG",
  zh: "zh-Hans-SG",
  id: "id-ID",
  fil: "fil-PH",
  my: "my-MM",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function isFamilyLocale(value: unknown): value is FamilyLocale {
  return typeof value === "string" && (FAMILY_LOCALES as readonly string[]).includes(value);
}

export function isSupplierLocale(value: unknown): value is SupplierLocale {
  return typeof value === "string" && (SUPPLIER_LOCALES as readonly string[]).includes(value);
}

const PREFIX = /^\/(en|zh)(?=\/|$|\?)/;

/** The family locale an address names by its prefix (`/zh/posts` -> "zh"), if any. */
export function localeOfPath(path: string): FamilyLocale | undefined {
  const match = PREFIX.exec(path);
  return match ? (match[1] as FamilyLocale) : undefined;
}

/** An address without its locale prefix: `/zh/posts?page=2` -> `/posts?page=2`, `/zh` -> `/`. */
export function unprefixedPath(path: string): string {
  const rest = path.replace(PREFIX, "");
  return rest === "" || rest.startsWith("?") ? `/${rest}` : rest;
}

/**
 * The addresses that families read, which exist in every family locale. Pages for suppliers and
 * operators have one address and take their language from the account.
 */
const FAMILY_PATHS = /^\/(posts|filters|shortlist|privacy-policy|privacy|messages|authors|jobs)?(\/|\?|$)/;
/** Under a family path, the supplier's own screens and the files that are no page. */
const NOT_FAMILY = /^\/posts\/[^/?]+\/(edit|delete|biodata\.pdf)(\/|\?|$)/;

export function isFamilyPath(path: string): boolean {
  const plain = unprefixedPath(path);
  return FAMILY_PATHS.test(plain) && !NOT_FAMILY.test(plain);
}

/**
 * A family page's address in a locale: the families' default language (the operator's choice,
 * decision 114) has the plain address, another its prefix: `/posts` in Chinese is `/zh/posts`
 * while English is the default. Other addresses (a supplier's dashboard, the API) stay as they are.
 */
export function localizePath(path: string, locale: Locale, familyDefault: FamilyLocale = "en"): string {
  const plain = unprefixedPath(path);
  if (locale === familyDefault || !isFamilyLocale(locale) || !isFamilyPath(plain)) return plain;
  if (plain === "/") return `/${locale}`;
  return plain.startsWith("/?") ? `/${locale}${plain.slice(1)}` : `/${locale}${plain}`;
}

/** A page request's path as the page sees it: `/zh/posts.data` (a navigation) is `/zh/posts`. */
export function pageAddress(pathname: string): string {
  const path = pathname.replace(/\.data$/, "");
  if (path === "/_root") return "/";
  return path.replace(/\/_root$/, "");
}

/**
 * The pages a supplier reads signed out (log in, sign up, the password's): with no account to
 * say their language, the visitor chooses it there (decision 123).
 */
const SIGNED_OUT_PAGES = /^\/(login|register|forgot-password|reset-password)$/;

export function isSignedOutPage(path: string): boolean {
  return SIGNED_OUT_PAGES.test(pageAddress(path));
}

/** The cookie that remembers a signed-out visitor's language, and the query parameter that sets it. */
export const LANGUAGE_COOKIE = "dh_lang";
export const LANGUAGE_PARAM = "lang";

/** The language a Cookie header (or `document.cookie`) remembers, if it is a supplier's. */
export function chosenLocaleIn(cookies: string | undefined): SupplierLocale | undefined {
  for (const part of (cookies ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE && isSupplierLocale(value)) return value;
  }
  return undefined;
}

/**
 * The signed-out visitor's choice where no request is at hand: in the browser, the address's
 * `?lang=` else the cookie, as the server read them; the server registers its request's reader.
 */
let visitorChoice = (): string | undefined => {
  if (typeof document === "undefined") return undefined;
  const asked = new URLSearchParams(document.location.search).get(LANGUAGE_PARAM);
  return isSupplierLocale(asked) ? asked : chosenLocaleIn(document.cookie);
};

export function readVisitorChoiceFrom(reader: () => string | undefined): void {
  visitorChoice = reader;
}

/**
 * A page's locale: a family page's comes from its address (the prefix, else the families'
 * default the operator chose); the others' from the signed-in supplier's choice, else English;
 * the signed-out pages' from the visitor's choice (`?lang=`, else the cookie), else English.
 */
export function localeOfPage(
  pathname: string,
  viewerLocale: string | null | undefined,
  familyDefault: FamilyLocale,
  chosen: string | undefined = visitorChoice(),
): Locale {
  const address = pageAddress(pathname);
  const prefixed = localeOfPath(address);
  if (prefixed) return prefixed;
  if (isFamilyPath(address)) return familyDefault;
  if (isSupplierLocale(viewerLocale)) return viewerLocale;
  return isSignedOutPage(address) && isSupplierLocale(chosen) ? chosen : "en";
}
