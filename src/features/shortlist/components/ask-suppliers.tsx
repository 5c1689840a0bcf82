import type { SupplierSummary } from "../../../shared/helper-types";
import { shortlistMessage } from "../../../shared/shortlist";
import { whatsappLink } from "../../../shared/whatsapp";
import { useRootData } from "../../../ui/root-data";
import { recordContact } from "../../contacts/components/contact-beacon";
import { contactTargets } from "../../contacts/components/contact-targets";
import { m } from "../../../shared/i18n/compiled/messages.js";

interface Listed {
  id: string;
  name: string;
  ref: string;
  supplier: SupplierSummary;
  hire?: "direct" | "agency";
}

/**
 * "Ask about these helpers": the list goes where each helper's contact goes (decision 103).
 * Helpers of one supplier (or all through the site) are one message; helpers of several
 * suppliers are a message to each, naming only that supplier's helpers, so no agency is asked
 * about another's. A message to a supplier who reads another language than the page's opens
 * with `supplierWords` (its helpers and the link in its language, from the server), the family's
 * own words below. Each press is recorded as a WhatsApp contact for every helper it names.
 */
export function AskSuppliers({
  helpers,
  link,
  supplierWords = {},
}: {
  helpers: readonly Listed[];
  link: string;
  supplierWords?: Readonly<Record<string, string>>;
}) {
  const { config } = useRootData();
  const groups = new Map<string, { phone: string; via: "supplier" | "site"; name: string; supplierId: string; helpers: Listed[] }>();
  for (const helper of helpers) {
    const target = contactTargets(helper.supplier, config).whatsapp;
    const group = groups.get(target.phone);
    if (group) group.helpers.push(helper);
    else
      groups.set(target.phone, {
        ...target,
        name: target.via === "supplier" ? helper.supplier.name : config.siteName,
        supplierId: helper.supplier.id,
        helpers: [helper],
      });
  }
  const several = groups.size > 1;
  return (
    <div className="shortlist-ask" role="group" aria-label={m.shortlist_ask_group()}>
      {several ? <p className="shortlist-ask-lead">{m.shortlist_ask_lead()}</p> : null}
      {[...groups.values()].map((group) => (
        <a
          key={group.phone}
          className="button whatsapp"
          href={whatsappLink(group.phone, askText(group, link, supplierWords, config.siteName))}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => {
            for (const helper of group.helpers) recordContact(helper.id, "whatsapp");
          }}
        >
          {several
            ? m.shortlist_ask_supplier({ supplier: group.name, names: group.helpers.map((helper) => helper.name).join(", ") })
            : m.shortlist_ask_group()}
        </a>
      ))}
      <p className="contact-note">
        {several ? m.shortlist_ask_several() : m.shortlist_ask_reaches({ name: [...groups.values()][0]?.name ?? config.siteName })}
      </p>
    </div>
  );
}

/** The message of one group: the supplier's words first when it reads another language, then the family's. */
function askText(
  group: { via: "supplier" | "site"; supplierId: string; helpers: Listed[] },
  link: string,
  supplierWords: Readonly<Record<string, string>>,
  siteName: string,
): string {
  const family = shortlistMessage(group.helpers, link, siteName);
  const theirs = group.via === "supplier" ? supplierWords[group.supplierId] : undefined;
  return theirs ? `${theirs}\n${family}` : family;
}
