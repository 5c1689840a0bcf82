/**
 * "Ask about these helpers" in each supplier's language (issue 27): the words a WhatsApp message
 * to a supplier opens with, written on the server, where every language's words are, so the
 * families' scripts carry none of the suppliers' languages (decision 122). The family's own
 * message, in the page's language, follows them in the browser.
 */
import type { AppLoadContext } from "react-router";
import type { HelperCard } from "../../../shared/helper-types";
import { isSupplierLocale, type Locale } from "../../../shared/i18n/locales";
import { pageLocale } from "../../../shared/i18n/page-locale";
import { m } from "../../../shared/i18n/compiled/messages.js";

/**
 * For each supplier whose language is not the page's: its helpers of the list, named in its
 * language, the list's link, and the line that leads to the family's own words.
 */
export async function askWords(
  context: AppLoadContext,
  helpers: readonly Pick<HelperCard, "name" | "ref" | "supplier">[],
  link: string,
): Promise<Record<string, string>> {
  const bySupplier = new Map<string, Pick<HelperCard, "name" | "ref">[]>();
  for (const helper of helpers) bySupplier.set(helper.supplier.id, [...(bySupplier.get(helper.supplier.id) ?? []), helper]);
  const page = pageLocale();
  const words: Record<string, string> = {};
  for (const [supplierId, own] of bySupplier) {
    const profile = await context.services.accounts.find(supplierId);
    const locale: Locale = isSupplierLocale(profile?.locale) ? profile.locale : "en";
    if (locale === page) continue;
    words[supplierId] = [
      m.shortlist_supplier_ask_intro({ site: context.config.siteName }, { locale }),
      ...own.map((helper, i) => m.shortlist_supplier_ask_line({ number: i + 1, name: helper.name, ref: helper.ref }, { locale })),
      m.shortlist_supplier_ask_link({ link }, { locale }),
      "",
      m.shortlist_supplier_family_wrote({}, { locale }),
    ].join("\n");
  }
  return words;
}
