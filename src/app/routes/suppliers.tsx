import { Link } from "react-router";
import type { SupplierListItem } from "../../shared/helper-types";
import { siteName } from "../lib/meta";
import { paths } from "../lib/paths";
import type { Route } from "./+types/suppliers";

/** /authors — the original's name for the suppliers page, kept for old links. */
export async function loader({ context }: Route.LoaderArgs) {
  return { suppliers: await context.services.suppliers.list() };
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `Overseas Suppliers — ${siteName(matches)}` },
  {
    name: "description",
    content: `${data?.suppliers.length ?? "Our"} agencies and overseas suppliers with domestic helpers available for families in Singapore: see each one's helpers and contact them directly.`,
  },
];

function helperCount(count: number): string {
  return `${count.toLocaleString("en-SG")} ${count === 1 ? "helper" : "helpers"} available`;
}

function SupplierAvatar({ supplier }: { supplier: SupplierListItem }) {
  if (supplier.image) {
    return <img className="supplier-avatar" src={supplier.image} alt="" width={72} height={72} loading="lazy" decoding="async" />;
  }
  const initials = supplier.name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join("");
  return (
    <span className="supplier-avatar placeholder" aria-hidden="true">
      {initials}
    </span>
  );
}

export default function Suppliers({ loaderData }: Route.ComponentProps) {
  const { suppliers } = loaderData;
  return (
    <section className="suppliers" aria-labelledby="suppliers-heading">
      <h1 id="suppliers-heading">Overseas Suppliers</h1>
      {suppliers.length === 0 ? (
        <p className="empty">No authors found</p>
      ) : (
        <ul className="supplier-grid">
          {suppliers.map((supplier) => (
            <li key={supplier.id}>
              <Link className="supplier-card" to={paths.supplierListing(supplier.id)}>
                <SupplierAvatar supplier={supplier} />
                <span className="supplier-text">
                  <span className="supplier-name">{supplier.name}</span>
                  <span className="supplier-count">{helperCount(supplier.availableHelpers)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
