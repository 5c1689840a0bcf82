import { useEffect, useRef, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { HelperCard as HelperCardData } from "../../../shared/helper-types";
import { toListingSearchParams, type HelperQuery } from "../../../shared/listing-query";
import type { FilterChip } from "./listing-chips";
import { ListingControls } from "./listing-controls";
import { useRememberListing } from "./listing-return";
import { HelperCard } from "./helper-card";
import { Pagination } from "../../../ui/pagination";
import { paths } from "../../../ui/paths";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { formatNumber, listText } from "../../../shared/format";
import { localHref } from "../../../shared/i18n/page-locale";

export interface ListingData {
  items: HelperCardData[];
  total: number;
  page: number;
  pageSize: number;
  notes: string[];
  search: string;
  query: HelperQuery;
  /** The languages filtered for or named in the search: a card names those she speaks, with her level. */
  soughtLanguages: string[];
  chips: FilterChip[];
  clearHref: string;
}

/** The saved-search form for this listing's criteria (its order and page are no part of them). */
function alertHref(query: HelperQuery): string {
  const params = toListingSearchParams({ ...query, sort: undefined, page: undefined, pageSize: undefined });
  return params.size > 0 ? `/messages/searches?${params.toString()}` : "/messages/searches";
}

function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function HelperListing({
  data,
  pathname: plainPathname,
  heading,
  summary,
  intro,
  onOpen,
}: {
  data: ListingData;
  pathname: string;
  heading: string;
  summary?: string[];
  /** Shown under the heading (a supplier's licence on their own listing). */
  intro?: ReactNode;
  onOpen?: (helper: HelperCardData) => void;
}) {
  // The listing's own address in the page's language (`/zh/posts` on a Chinese page).
  const pathname = localHref(plainPathname);
  useRememberListing(data.search ? `${pathname}?${data.search}` : pathname);
  const first = (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.total, data.page * data.pageSize);
  // Arriving from "Apply filters" (the address ends in #listing-heading): the focus goes to the
  // results, so the next Tab and a screen reader go on from them, not from the top of the page.
  const { hash, key } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (hash === "#listing-heading") headingRef.current?.focus();
  }, [hash, key]);
  return (
    <section className="listing" aria-labelledby="listing-heading">
      <div className="listing-head">
        <h1 id="listing-heading" ref={headingRef} tabIndex={-1}>
          {heading}
        </h1>
        <p className="listing-total" role="status">
          {data.total === 0
            ? m.helpers_none_found()
            : m.helpers_count({ count: formatNumber(data.total) }) +
              (data.total > data.pageSize ? m.helpers_showing({ first: formatNumber(first), last: formatNumber(last) }) : "")}
          {summary && summary.length > 0 && data.chips.length === 0 ? <span className="listing-filter"> · {listText(summary)}</span> : null}
        </p>
      </div>
      {intro}
      <ListingControls
        pathname={pathname}
        search={data.search}
        q={data.query.q ?? ""}
        sort={data.query.sort}
        chips={data.chips}
        clearHref={data.clearHref}
        more={
          <Link to={localHref(alertHref(data.query))} rel="nofollow" className="listing-alert">
            {m.alerts_offer()}
          </Link>
        }
      />
      {data.notes.length > 0 ? (
        <ul className="notice" aria-label={m.helpers_about_search()}>
          {data.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      {data.items.length === 0 ? (
        <div className="empty">
          <p>{m.helpers_no_match()}</p>
          <p>
            <Link to={localHref(paths.editFilters(new URLSearchParams(data.search)))}>{m.helpers_change_filters()}</Link>
            {m.helpers_empty_or()}
            <Link to={localHref("/posts")}>{m.helpers_see_every()}</Link>
            {m.helpers_sentence_end()}
          </p>
        </div>
      ) : (
        <div className="card-grid">
          {data.items.map((helper, index) => (
            <HelperCard
              key={helper.id}
              helper={helper}
              eager={index < 2}
              onOpen={onOpen}
              sought={data.query.care}
              soughtLanguages={data.soughtLanguages}
            />
          ))}
        </div>
      )}
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} hrefFor={(page) => pageHref(pathname, data.search, page)} />
    </section>
  );
}
