import { redirect, useLoaderData } from "react-router";
import { HelperListing } from "../components/helper-listing";
import { describeFilter, loadListing } from "./listing.server";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/listing";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.shared("listing", "listing", { sitemap: true });

/** A reference typed whole (DH1042) names one helper: her biodata, not a list of one. */
const REFERENCE = /^DH\d{3,}$/i;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  if (REFERENCE.test(q)) {
    const id = await context.services.helpers.idByRef(q);
    if (id) throw redirect(paths.helper(id));
  }
  const listing = await loadListing(context, url);
  return { ...listing, summary: describeFilter(listing.query) };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteName(matches);
  return [
    { title: `Available domestic helpers${data && data.page > 1 ? ` (page ${data.page})` : ""} — ${site}` },
    {
      name: "description",
      content: `${data?.total ?? "Many"} foreign domestic helpers available for families in Singapore: filter by nationality, experience, language and care skills, then contact the supplier directly.`,
    },
  ];
};

export default function Listing() {
  const data = useLoaderData<typeof loader>();
  return <HelperListing data={data} pathname="/posts" heading="Available helpers" summary={data.summary} />;
}
