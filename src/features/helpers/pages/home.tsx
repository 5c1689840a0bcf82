import { Form, Link, useLoaderData } from "react-router";
import { nationalities } from "../../../shared/catalogue";
import { labelOf } from "../../../shared/catalogue-labels";
import { formatNumber } from "../../../shared/format";
import { localHref } from "../../../shared/i18n/page-locale";
import { HelperCard } from "../components/helper-card";
import { SearchRow } from "../components/search-row";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import type { Route } from "./+types/home";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";

export const policy = pagePolicy.shared("listing", [], { sitemap: true });

export async function loader({ context }: Route.LoaderArgs) {
  const newest = await context.services.helpers.list({ sort: "newest", page: 1, pageSize: 6 });
  return { total: newest.total, newest: newest.items };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteName(matches);
  return [
    { title: m.helpers_home_title({ site }) },
    {
      name: "description",
      content: data ? m.helpers_home_description({ count: formatNumber(data.total) }) : m.helpers_home_description_many(),
    },
  ];
};

export default function Home() {
  const { total, newest } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero" aria-labelledby="hero-heading">
        <h1 id="hero-heading">{m.helpers_home_heading()}</h1>
        <p className="hero-count">
          <strong>{formatNumber(total)}</strong> {m.helpers_home_available({ count: total })}
        </p>
        <p>{m.helpers_home_intro()}</p>
        <Form
          method="get"
          action={localHref(paths.listing())}
          className="hero-search"
          role="search"
          aria-label={m.helpers_search_helpers()}
        >
          <SearchRow />
        </Form>
        <div className="hero-actions">
          <Link className="button primary" to={localHref(paths.filters())}>
            {m.helpers_find_your_helper()}
          </Link>
          <Link className="button" to={localHref(paths.listing())}>
            {m.helpers_browse_all()}
          </Link>
        </div>
        <nav className="quick-links" aria-label={m.helpers_by_nationality()}>
          {nationalities.map((nationality) => (
            <Link key={nationality.slug} to={localHref(paths.nationalityListing(nationality.slug))}>
              {labelOf("nationality", nationality.slug)}
            </Link>
          ))}
        </nav>
      </section>
      <section aria-labelledby="newest-heading" className="newest">
        <div className="section-head">
          <h2 id="newest-heading">{m.helpers_newest()}</h2>
          <Link to={localHref(paths.listing())}>{m.helpers_see_all()}</Link>
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
