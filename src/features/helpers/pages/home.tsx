import { Form, Link, useLoaderData } from "react-router";
import { nationalities } from "../../../shared/catalogue";
import { HelperCard } from "../components/helper-card";
import { SearchRow } from "../components/search-row";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/home";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.shared("listing", [], { sitemap: true });

export async function loader({ context }: Route.LoaderArgs) {
  const newest = await context.services.helpers.list({ sort: "newest", page: 1, pageSize: 6 });
  return { total: newest.total, newest: newest.items };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteName(matches);
  return [
    { title: `${site} — Largest collection of direct helpers in Singapore` },
    {
      name: "description",
      content: `Browse ${data?.total ?? "hundreds of"} available foreign domestic helpers from the Philippines, Indonesia, Myanmar and India, filter by experience and care skills, and contact their supplier directly.`,
    },
  ];
};

export default function Home() {
  const { total, newest } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">Largest collection of direct helpers</h1>
        <p className="hero-count">
          <strong>{total.toLocaleString("en-SG")}</strong> {total === 1 ? "helper is" : "helpers are"} available now
        </p>
        <p>Tell us what your family needs and contact the helper's supplier directly, on WhatsApp or Telegram.</p>
        <Form method="get" action={paths.listing()} className="hero-search" role="search" aria-label="Search helpers">
          <SearchRow />
        </Form>
        <div className="hero-actions">
          <Link className="button primary" to={paths.filters()}>
            Find your helper
          </Link>
          <Link className="button" to={paths.listing()}>
            Browse all helpers
          </Link>
        </div>
        <nav className="quick-links" aria-label="Helpers by nationality">
          {nationalities.map((nationality) => (
            <Link key={nationality.slug} to={paths.nationalityListing(nationality.slug)}>
              {nationality.label}
            </Link>
          ))}
        </nav>
      </section>
      <section aria-labelledby="newest-heading" className="newest">
        <div className="section-head">
          <h2 id="newest-heading">Newest helpers</h2>
          <Link to={paths.listing()}>See all</Link>
        </div>
        <div className="card-grid">
          {newest.map((helper, index) => (
            <HelperCard key={helper.id} helper={helper} eager={index < 1} />
          ))}
        </div>
      </section>
    </>
  );
}
