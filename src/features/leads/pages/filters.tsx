import { useEffect, useRef } from "react";
import { redirect, useNavigation } from "react-router";
import { readListingUrl } from "../../../shared/listing-query-schema";
import { FilterForm } from "../components/filter-form";
import { VisitorGate } from "../components/visitor-gate";
import { valuesFromQuery } from "../filter-form-values";
import { safeRedirect } from "../../../ui/page-guards.server";
import { applyFilterForm } from "./filter-form.server";
import { siteName } from "../../../ui/meta";
import { trackLead } from "../../../ui/pixel";
import { passGate } from "./visitor-gate.server";
import { currentVisitor } from "../../../ui/page-guards.server";
import type { Route } from "./+types/filters";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { unprefixedPath } from "../../../shared/i18n/locales";

export const policy = pagePolicy.personal({ sitemap: true, sharedHeaders: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const visitor = await currentVisitor(request, context);
  // Apply: the chosen values go on to /posts, or come back with a message beside each wrong one.
  // The family's choices are kept with their lead, for the operator who calls them back: only
  // from the browser that gave the number, so nobody else writes to that family's lead.
  const refused = await applyFilterForm(url, async (filter) => {
    if (visitor?.owner) await context.services.leads.rememberFilters(visitor.phone, filter);
  });
  // Sent here from a page that shows more past the gate (a biodata's medical history): a visitor
  // already known goes straight back; a new one does once they pass. Site-relative paths only.
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "") || null;
  if (visitor && redirectTo) throw redirect(redirectTo);
  return {
    redirectTo,
    // Only the name goes to the page: the number stays in the cookie, which only the server reads.
    visitorName: visitor?.name ?? null,
    initial: valuesFromQuery(readListingUrl(url).query),
    refused,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return passGate(request, context);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.leads_filters_title({ site: siteName(matches) }) },
  { name: "description", content: m.leads_filters_description() },
];

export default function Filters({ loaderData, actionData }: Route.ComponentProps) {
  const { visitorName, initial, refused: applyRefused, redirectTo } = loaderData;
  const passed = actionData?.ok === true ? actionData : null;
  const refused = actionData?.ok === false ? actionData.result : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const counted = useRef<string | null>(null);
  const navigation = useNavigation();
  // Passing the gate with somewhere to return to redirects there: still a lead for the pixel.
  const leaving =
    navigation.state === "loading" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    unprefixedPath(navigation.location.pathname) !== "/filters";
  useEffect(() => {
    if (leaving) trackLead();
  }, [leaving]);

  useEffect(() => {
    if (!passed || counted.current === passed.submission) return;
    counted.current = passed.submission;
    trackLead();
    // The gate has gone: keyboard and screen-reader users continue from the new form's heading.
    heading.current?.focus();
  }, [passed]);

  const name = passed?.name ?? visitorName;
  if (!name) {
    return (
      <div className="filters-page">
        <VisitorGate lastResult={refused} redirectTo={redirectTo} />
      </div>
    );
  }
  return (
    <div className="filters-page">
      <FilterForm
        initial={initial}
        lastResult={applyRefused}
        headingRef={heading}
        greeting={passed ? m.leads_thank_you({ name }) : m.leads_welcome_back({ name })}
      />
    </div>
  );
}
