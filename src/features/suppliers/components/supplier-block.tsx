import { Link } from "react-router";
import { formatSingaporeDay } from "../../../shared/format";
import { licenceCheckText, licenceNumberText, MOM_EA_DIRECTORY_URL } from "../../../shared/licence";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import type { EaPersonnel } from "../../../shared/ea-personnel";
import type { SupplierListItem } from "../../../shared/helper-types";
import { paths } from "../../../ui/paths";
import { useRootData } from "../../../ui/root-data";

/**
 * Who advertises a helper. Singapore's rules for employment agencies ask for the agency's name
 * and licence number on every advertisement; a supplier without one is an overseas supplier. A
 * claimed licence shows its number only once the site checked it (decision 100), and either way
 * families are pointed to MOM's own directory to look it up.
 */
export function LicenceCheck({ supplier }: { supplier: Pick<SupplierListItem, "eaLicenceNumber" | "licenceStatus" | "licenceCheckedAt"> }) {
  const { config } = useRootData();
  if (supplier.licenceStatus === "none") return <span className="supplier-licence">{m.suppliers_overseas()}</span>;
  return (
    <span className="supplier-licence-check">
      {supplier.eaLicenceNumber ? <span className="supplier-licence">{licenceNumberText(supplier.eaLicenceNumber)}</span> : null}
      <span className={supplier.licenceStatus === "checked" ? "licence-checked" : "licence-unchecked"}>
        {licenceCheckText(supplier, config.siteName)}
      </span>
      <a className="licence-directory" href={MOM_EA_DIRECTORY_URL} target="_blank" rel="noopener noreferrer">
        {m.suppliers_mom_directory()}
      </a>
    </span>
  );
}

export function SupplierAvatar({ supplier, size = 56 }: { supplier: Pick<SupplierListItem, "name" | "image">; size?: number }) {
  if (supplier.image) {
    return <img className="supplier-avatar" src={supplier.image} alt="" width={size} height={size} loading="lazy" decoding="async" />;
  }
  const initials = supplier.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
  return (
    <span className="supplier-avatar placeholder" style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}

export function helperCount(count: number): string {
  return m.suppliers_helper_count({ count });
}

/**
 * The supplier block of a biodata page and of a supplier's own listing. On a biodata, an agency's
 * registered EA personnel stand beside its licence (decision 162).
 */
export function SupplierBlock({
  supplier,
  headingLevel = 2,
  personnel,
}: {
  supplier: SupplierListItem;
  headingLevel?: 2 | 3;
  personnel?: Pick<EaPersonnel, "name" | "registrationNumber"> | null;
}) {
  const { config } = useRootData();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <section className="supplier-block" aria-labelledby={`supplier-${supplier.id}`}>
      <SupplierAvatar supplier={supplier} />
      <div className="supplier-block-text">
        <Heading id={`supplier-${supplier.id}`} className="supplier-block-name">
          <Link to={localHref(paths.supplierListing(supplier.id))}>{supplier.name}</Link>
        </Heading>
        <p>
          <LicenceCheck supplier={supplier} />
        </p>
        {personnel && supplier.licenceStatus !== "none" ? (
          <p className="supplier-ea-personnel">
            {m.suppliers_ea_personnel({ name: personnel.name, number: personnel.registrationNumber })}
          </p>
        ) : null}
        {supplier.phone ? (
          <p>
            <a href={`tel:${supplier.phone.replace(/[^\d+]/g, "")}`}>{supplier.phone}</a>
          </p>
        ) : null}
        <p className="supplier-meta">
          {helperCount(supplier.availableHelpers)} ·{" "}
          {m.suppliers_on_site_since({ site: config.siteName, date: formatSingaporeDay(supplier.since) })}
        </p>
      </div>
    </section>
  );
}
