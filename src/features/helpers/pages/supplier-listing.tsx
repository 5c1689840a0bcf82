import { LicenceCheck } from "../../suppliers/components/supplier-block";
import { data as response, useLoaderData } from "react-router";
import { HelperListing } from "../components/helper-listing";
import { describeFilter, loadListing } from "./listing.server";
import { siteName } from "../../../ui/meta";
import type { Route } from "./+types/supplier-listing";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.shared("listing", "listing");

/** /posts/users/:id — one supplier's available helpers. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const supplier = await context.services.suppliers.find(params.id ?? "");
  if (!supplier) throw response(null, { status: 404 });
  const listing = await loadListing(context, new URL(request.url), { supplier: supplier.id });
  return { ...listing, supplier, summary: describeFilter(listing.query) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: `Helpers from ${data?.supplier.name ?? "a supplier"} — ${siteName(matches)}` },
  {
    name: "description",
    content: `${data?.total ?? ""} available domestic helpers published by ${data?.supplier.name ?? "this supplier"}.`,
  },
];

export default function SupplierListing() {
  const data = useLoaderData<typeof loader>();
  return (
    <HelperListing
      data={data}
      pathname={`/posts/users/${data.supplier.id}`}
      heading={`Helpers from ${data.supplier.name}`}
      summary={data.summary}
      intro={
        <p className="supplier-listing-licence">
          <LicenceCheck supplier={data.supplier} />
        </p>
      }
    />
  );
}
