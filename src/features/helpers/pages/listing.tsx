import { redirect, useLoaderData } from "react-router";
import { HelperListing } from "../components/helper-listing";
import { describeFilter, loadListing } from "./listing.server";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/listing";
import { pagePolicy } from "../../../shared/page-policy";
import { referenceIn } from "../../../shared/search-terms";
import { localHref } from "../../../shared/i18n/page-locale";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { formatNumber } from "../../../shared/format";

export const policy = pagePolicy.shared("listing", "listing", { sitemap: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // A reference typed whole, any way ("DH 1042", "1042", "(ref DH1042)"), names one helper: her
  // biodata, not a list of one; a reserved or hired helper's too, whose page says so.
  const reference = referenceIn(url.searchParams.get("q") ?? "");
  if (reference) {
    const id = await context.services.helpers.idByRef(reference);
    if (id) throw redirect(localHref(paths.helper(id)));
  }
  const listing = await loadListing(context, url);
  return { ...listing, summary: describeFilter(listing.query) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteName(matches);
  return [
    { title: data && data.page > 1 ? m.helpers_listing_title_page({ page: data.page, site }) : m.helpers_listing_title({ site }) },
    {
      name: "description",
      content: data ? m.helpers_listing_description({ count: formatNumber(data.total) }) : m.helpers_listing_description_many(),
    },
  ];
};

export default function Listing() {
  const data = useLoaderData<typeof loader>();
  return <HelperListing data={data} pathname="/posts" heading={m.helpers_available_helpers()} summary={data.summary} />;
}
