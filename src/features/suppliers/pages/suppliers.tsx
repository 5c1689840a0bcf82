import { Link } from "react-router";
import { formatSingaporeDay } from "../../../shared/format";
import { helperCount, LicenceCheck, SupplierAvatar } from "../components/supplier-block";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import type { Route } from "./+types/suppliers";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.shared("listing", [], { sitemap: true });

/** /authors — the original's name for the suppliers page, kept for old links. */
export async function loader({ context }: Route.LoaderArgs) {
  return { suppliers: await context.services.suppliers.list() };
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: m.suppliers_title({ site: siteName(matches) }) },
  {
    name: "description",
    content: data ? m.suppliers_description({ count: data.suppliers.length }) : m.suppliers_description_plain(),
  },
];

export default function Suppliers({ loaderData }: Route.ComponentProps) {
  const { suppliers } = loaderData;
  return (
    <section className="suppliers" aria-labelledby="suppliers-heading">
      <h1 id="suppliers-heading">{m.suppliers_heading()}</h1>
      {suppliers.length === 0 ? (
        <p className="empty">{m.suppliers_none()}</p>
      ) : (
        <ul className="supplier-grid">
          {suppliers.map((supplier) => (
            <li key={supplier.id} className="supplier-card">
              <SupplierAvatar supplier={supplier} size={72} />
              <span className="supplier-text">
                {/* The name's link covers the card (its ::after); MOM's link sits above it. */}
                <Link className="supplier-name" to={localHref(paths.supplierListing(supplier.id))}>
                  {supplier.name}
                </Link>
                <LicenceCheck supplier={supplier} />
                {supplier.phone ? <span className="supplier-count">{supplier.phone}</span> : null}
                <span className="supplier-count">{helperCount(supplier.availableHelpers)}</span>
                <span className="supplier-count">{m.suppliers_since({ date: formatSingaporeDay(supplier.since) })}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
