import type { SupplierSummary } from "../../../shared/helper-types";
import { shortlistMessage } from "../../../shared/shortlist";
import { whatsappLink } from "../../../shared/whatsapp";
import { useRootData } from "../../../ui/root-data";
import { recordContact } from "../../contacts/components/contact-beacon";
import { contactTargets } from "../../contacts/components/contact-targets";

interface Listed {
  id: string;
  name: string;
  ref: string;
  supplier: SupplierSummary;
}

/**
 * "Ask about these helpers": the list goes where each helper's contact goes (decision 103).
 * Helpers of one supplier (or all through the site) are one message; helpers of several
 * suppliers are a message to each, naming only that supplier's helpers, so no agency is asked
 * about another's. Each press is recorded as a WhatsApp contact for every helper it names.
 */
export function AskSuppliers({ helpers, link }: { helpers: readonly Listed[]; link: string }) {
  const { config } = useRootData();
  const groups = new Map<string, { phone: string; via: "supplier" | "site"; name: string; helpers: Listed[] }>();
  for (const helper of helpers) {
    const target = contactTargets(helper.supplier, config).whatsapp;
    const group = groups.get(target.phone);
    if (group) group.helpers.push(helper);
    else
      groups.set(target.phone, {
        ...target,
        name: target.via === "supplier" ? helper.supplier.name : config.siteName,
        helpers: [helper],
      });
  }
  const several = groups.size > 1;
  return (
    <div className="shortlist-ask" role="group" aria-label="Ask about these helpers">
      {several ? <p className="shortlist-ask-lead">Ask about these helpers on WhatsApp:</p> : null}
      {[...groups.values()].map((group) => (
        <a
          key={group.phone}
          className="button whatsapp"
          href={whatsappLink(group.phone, shortlistMessage(group.helpers, link))}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => {
            for (const helper of group.helpers) recordContact(helper.id, "whatsapp");
          }}
        >
          {several ? `Ask ${group.name} about ${group.helpers.map((helper) => helper.name).join(", ")}` : "Ask about these helpers"}
        </a>
      ))}
      <p className="contact-note">
        {several
          ? "These helpers are with different suppliers: each message names only that supplier's helpers."
          : `Your message reaches ${[...groups.values()][0]?.name ?? config.siteName} on WhatsApp.`}
      </p>
    </div>
  );
}
