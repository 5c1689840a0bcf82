import { data as response, useLoaderData } from "react-router";
import { resolveSlug } from "../../../shared/catalogue";
import { labelOf } from "../../../shared/catalogue-labels";
import { HelperListing } from "../components/helper-listing";
import { describeFilter, loadListing } from "./listing.server";
import { siteName } from "../../../ui/meta";
import type { Route } from "./+types/nationality-listing";
import { pagePolicy } from "../../../shared/page-policy";
import { formatNumber } from "../../../shared/format";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.shared("listing", "listing");

/** /posts/categories/:category — a nationality, by slug or by the original's category word. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const nationality = resolveSlug("nationality", params.category ?? "");
  if (!nationality) throw response(null, { status: 404 });
  const url = new URL(request.url);
  const listing = await loadListing(context, url, { nationality: [nationality] });
  const { nationality: _fixed, ...rest } = listing.query;
  return { ...listing, label: labelOf("nationality", nationality)!, summary: describeFilter(rest) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data
    ? [
        { title: m.helpers_nationality_title({ nationality: data.label, site: siteName(matches) }) },
        { name: "description", content: m.helpers_nationality_description({ count: formatNumber(data.total), nationality: data.label }) },
      ]
    : [{ title: siteName(matches) }];

export default function NationalityListing() {
  const data = useLoaderData<typeof loader>();
  const pathname = `/posts/categories/${encodeURIComponent(data.query.nationality?.[0] ?? "")}`;
  return (
    <HelperListing
      data={data}
      pathname={pathname}
      heading={m.helpers_from_nationality({ nationality: data.label })}
      summary={data.summary}
    />
  );
}
