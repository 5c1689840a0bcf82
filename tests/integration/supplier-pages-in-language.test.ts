/**
 * Issue 27, item 5: a supplier reads every page of its own in the language it chose. Each
 * supplier page (dashboard, inbox, a conversation, the biodata form new and filled, the delete
 * page, the profile with its language and notices) is rendered in Burmese, Filipino and Bahasa
 * Indonesia, and what a reader meets on it (text, title, labels, placeholders, alternative texts)
 * is searched for English: in Burmese any Latin word is English; in Filipino and Indonesian, a
 * word of the English catalogue that the language's own catalogue never uses. What people typed
 * (names, notes, the e-mail address), the references and a few names written alike in every
 * language are taken out first.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { initialsOf } from "../../src/shared/format";
import { LOCALE_NAMES } from "../../src/shared/i18n/locales";
import { chooseLanguage, signUp, type SignedIn } from "../support/auth";
import { describeDb } from "../support/database";
import { createHelper } from "../support/factories";
import { usePageApp } from "../support/pages";
import { familyWrites } from "../support/visitor";
import { readableText } from "../support/readable-text";

/** Names written alike in every language: brands, units, the languages' own names, the form's example number. */
const ALLOWED = [
  "WhatsApp",
  "Telegram",
  "PDF",
  "PNG",
  "JPEG",
  "JPG",
  "WebP",
  "MB",
  "DH",
  "S$",
  "cm",
  "kg",
  "MOM",
  "EA",
  "R1234567",
  ...Object.values(LOCALE_NAMES),
];

const SUPPLIER = "Shwe Pyi";
const HELPER = "Thandar Aung";
const FAMILY = "Tan Wei Ming";

/** Every string of a catalogue file, its plural variants included. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

function catalogueFiles(dir = "src", found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "compiled" || name === "node_modules") continue;
    if (statSync(path).isDirectory()) catalogueFiles(path, found);
    else if (/\/messages\/[a-z]+\.json$/.test(path)) found.push(path);
  }
  return found;
}

const wordsOf = (texts: string[]) =>
  new Set(texts.flatMap((text) => text.replace(/\{[a-zA-Z_]+\}/g, " ").match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()));
const files = catalogueFiles();
const catalogue = (locale: string) =>
  files.filter((file) => file.endsWith(`/${locale}.json`)).flatMap((file) => strings(JSON.parse(readFileSync(file, "utf8"))));
/** English words the language's own catalogue never writes: their being on its page means an English text was left. */
const englishOnly = (locale: string) => {
  const own = wordsOf(catalogue(locale));
  return new Set([...wordsOf(catalogue("en"))].filter((word) => word.length > 2 && !own.has(word)));
};

/** The English left on a page: every Latin word in Burmese, the English catalogue's own words in Filipino and Indonesian. */
function englishLeft(html: string, locale: string, typed: string[]): string[] {
  let text = readableText(html).replace(/[\w.+-]*@[\w.-]+/g, " ");
  for (const words of [...typed].sort((a, b) => b.length - a.length)) text = text.split(words).join(" ");
  text = text.replace(/\bDH\s?\d+\b/g, " ");
  for (const word of ALLOWED) text = text.replace(new RegExp(`(?<![A-Za-z])${word.replace(/\$/g, "\\$")}(?![A-Za-z])`, "g"), " ");
  const latin = [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])];
  if (locale === "my") return latin;
  const english = englishOnly(locale);
  return latin.filter((word) => english.has(word.toLowerCase()));
}

describeDb("a supplier's pages have no English left in its language", () => {
  const t = usePageApp();
  const suppliers = new Map<string, SignedIn>();
  const helperIds = new Map<string, string>();
  const conversationIds = new Map<string, string>();
  let siteName = "";

  beforeAll(async () => {
    siteName = t.config.siteName;
    for (const locale of ["my", "fil", "id"]) {
      const supplier = await signUp(t, { name: SUPPLIER });
      expect((await chooseLanguage(t, supplier, locale)).statusCode).toBe(200);
      const helper = await createHelper(t, supplier.id, { name: HELPER, nationality: "myanmar", specialNotes: "" });
      suppliers.set(locale, supplier);
      helperIds.set(locale, helper.id);
      conversationIds.set(locale, await familyWrites(t, helper.id, "Mingalaba", FAMILY));
    }
  });

  const pages = [
    { name: "dashboard", url: () => "/dashboard" },
    { name: "inbox", url: () => "/dashboard/messages" },
    { name: "a conversation", url: (locale: string) => `/dashboard/messages/${conversationIds.get(locale)}` },
    { name: "new biodata form", url: () => "/create" },
    { name: "filled biodata form", url: (locale: string) => `/posts/${helperIds.get(locale)}/edit` },
    { name: "delete page", url: (locale: string) => `/posts/${helperIds.get(locale)}/delete` },
    { name: "profile and language", url: (locale: string) => `/profile/${suppliers.get(locale)!.id}` },
  ];
  const typed = () => [SUPPLIER, HELPER, FAMILY, siteName, "Mingalaba", initialsOf(HELPER), initialsOf(SUPPLIER)];

  for (const locale of ["my", "fil", "id"]) {
    for (const { name, url } of pages) {
      it(`${name} in ${LOCALE_NAMES[locale as "my"]}`, async () => {
        const response = await t.app.inject({ url: url(locale), headers: { cookie: suppliers.get(locale)!.cookie } });
        expect(response.statusCode, url(locale)).toBe(200);
        expect(response.body).toContain(`<html lang="${locale}"`);
        expect(englishLeft(response.body, locale, typed()), `${name} (${locale})`).toEqual([]);
      });
    }
  }

  it("finds English when it is there: the same pages in English are full of it", async () => {
    const supplier = await signUp(t, { name: SUPPLIER });
    const response = await t.app.inject({ url: "/dashboard", headers: { cookie: supplier.cookie } });
    expect(englishLeft(response.body, "my", typed())).toEqual(expect.arrayContaining(["Dashboard"]));
    expect(englishLeft(response.body, "id", typed())).toEqual(expect.arrayContaining(["Create"]));
  });
});
