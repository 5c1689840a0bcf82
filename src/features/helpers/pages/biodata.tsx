import { useEffect } from "react";
import { data as response, Link, useLoaderData } from "react-router";
import { availabilityShort } from "../../../shared/availability";
import { labelOf, spokenLanguages } from "../../../shared/catalogue-labels";
import { display, listText } from "../../../shared/format";
import { BiodataParts, Facts } from "../components/biodata-parts";
import { ContactButtons } from "../components/contact-buttons";
import { DirectHireBlock } from "../components/direct-hire-block";
import { recordInterest } from "../../contacts/components/contact-beacon";
import { MessageSupplierLink } from "../../conversations/components/message-supplier-link";
import { HelperCard, HelperPhoto } from "../components/helper-card";
import { FactTable } from "../components/helper-facts";
import { ShareButtons } from "../components/share-buttons";
import { ShortlistToggle } from "../../shortlist/components/shortlist-toggle";
import { SupplierBlock } from "../../suppliers/components/supplier-block";
import { useListingReturn } from "../components/listing-return";
import { useRootData } from "../../../ui/root-data";
import { useBiodataViewed } from "../../../ui/meta-pixel";
import { RelativeTime } from "../../../ui/relative-time";
import { publicUrl, siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { currentVisitor } from "../../../ui/page-guards.server";
import { helperPreviewPath } from "../../../shared/link-preview";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref, pageLocale } from "../../../shared/i18n/page-locale";
import type { Route } from "./+types/biodata";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.shared("helper");

/** "More helpers like this": the newest available helpers of the same nationality. */
const MORE_LIKE_THIS = 4;

/**
 * The notes sit under their own "Special notes" heading (h2): the editor's headings (h1, h2)
 * become h3 inside them, so the page's outline stays in order.
 */
function nestedNotes(html: string): string {
  return html.replace(/<(\/?)h[12]\b/g, "<$1h3");
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // A family who passed the gate reads the medical history and date of birth too. Their request
  // carries the visitor cookie, so the site marks the page private and never keeps it (cache-policy.ts).
  const visitor = await currentVisitor(request, context);
  const found = await context.services.helpers.findFor(params.id ?? "", { viewer: context.viewer, family: visitor !== null });
  if (!found) throw response(null, { status: 404 });
  const { helper, gated } = found;
  const viewer = context.viewer;
  const mayEdit = Boolean(viewer && (viewer.role === "operator" || viewer.id === helper.supplier.id));
  const direct = helper.hire === "direct";
  const [supplier, personnel, alike, identity] = await Promise.all([
    direct ? null : context.services.suppliers.find(helper.supplier.id),
    context.services.helpers.namedPersonnel({ id: helper.id, supplierId: helper.supplier.id }),
    context.services.helpers.list({ nationality: [helper.nationality], sort: "newest", page: 1, pageSize: MORE_LIKE_THIS + 1 }),
    direct ? context.services.accounts.identityCheck(helper.supplier.id) : null,
  ]);
  const more = alike.items.filter((other) => other.id !== helper.id).slice(0, MORE_LIKE_THIS);
  return { helper, gated, mayEdit, supplier, personnel, more, identity };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteName(matches);
  if (!data) return [{ title: m.seo_page_not_found({ site }) }];
  const { helper } = data;
  const nationality = labelOf("nationality", helper.nationality) ?? helper.nationality;
  const title = m.seo_biodata_title({ name: helper.name, ref: helper.ref, nationality, site });
  const description = [
    m.seo_biodata_kind({ nationality }),
    helper.age ? m.seo_biodata_age({ age: helper.age }) : undefined,
    labelOf("experience", helper.experience),
    m.seo_biodata_salary({ salary: helper.salary }),
    helper.status === "available" ? availabilityShort(helper.availableFrom) : undefined,
    helper.cares.length ? helper.cares.map((c) => labelOf("care", c)).join(", ") : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
  const origin = publicUrl(matches);
  const tags = [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: site },
    { property: "og:title", content: `${helper.name} (${helper.ref})` },
    { property: "og:description", content: description },
    { property: "og:url", content: `${origin}${localHref(paths.helper(helper.id))}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  // A JPEG made for link previews (photo and name), which every messenger shows.
  tags.push(
    { property: "og:image", content: `${origin}${helperPreviewPath(helper)}` },
    { property: "og:image:type", content: "image/jpeg" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: m.seo_biodata_image_alt({ name: helper.name, nationality }) },
  );
  return tags;
};

export default function HelperBiodata() {
  const { helper, gated, mayEdit, supplier, personnel, more: alike, identity } = useLoaderData<typeof loader>();
  const direct = helper.hire === "direct";
  const { config } = useRootData();
  const backTo = useListingReturn();
  useBiodataViewed(helper);
  const more: [string, string][] = [
    [m.helpers_biodata_singapore_experience(), display(helper.singaporeExperience)],
    [m.helpers_biodata_education(), display(labelOf("education", helper.education))],
    [m.helpers_biodata_other_languages(), display(listText(spokenLanguages(helper.otherLanguages, helper.languageLevels)))],
  ];
  const available = helper.status === "available";
  // Counted from the browser, so the page stays one cached page for everyone (decision 102).
  useEffect(() => {
    if (available) recordInterest(helper.id, "view");
  }, [helper.id, available]);
  return (
    <>
      <p className="back-link">
        <Link to={backTo}>{m.helpers_biodata_back()}</Link>
      </p>
      <article className="biodata" aria-labelledby="helper-name">
        <div className="biodata-photo">
          <HelperPhoto helper={helper} size="full" eager />
        </div>
        <div className="biodata-main">
          <h1 id="helper-name">{helper.name}</h1>
          <p className="biodata-sub">
            {m.helpers_biodata_sub({ nationality: labelOf("nationality", helper.nationality) ?? helper.nationality, ref: helper.ref })}
          </p>
          {available && direct ? (
            // A direct hire is reached only through the site (decision 197): no number, WhatsApp or Telegram.
            <>
              <p className="message-supplier">
                <MessageSupplierLink helperId={helper.id} label={m.helpers_direct_message({ name: helper.name, site: config.siteName })} />
              </p>
              <p className="contact-note">{m.helpers_direct_only_here({ site: config.siteName })}</p>
            </>
          ) : available ? (
            <>
              <ContactButtons helperId={helper.id} name={helper.name} reference={helper.ref} supplier={helper.supplier} />
              <p className="message-supplier">
                <MessageSupplierLink helperId={helper.id} />
              </p>
            </>
          ) : (
            <p className="status-note" role="note">
              {helper.status === "draft"
                ? m.helpers_biodata_draft()
                : m.helpers_biodata_unavailable({
                    name: helper.name,
                    status: labelOf("status", helper.status)?.toLowerCase() ?? helper.status,
                  })}
            </p>
          )}
          <div className="biodata-actions">
            <ShortlistToggle helper={helper} />
            <ShareButtons
              url={`${config.publicUrl}${localHref(paths.helper(helper.id))}`}
              title={m.helpers_biodata_share_title({ name: helper.name, ref: helper.ref, site: config.siteName })}
              linkOnly={direct}
            />
          </div>
          <FactTable helper={helper} dateOfBirth={gated?.dateOfBirth} />
          <Facts rows={more} />
          {mayEdit ? (
            <div className="owner-actions">
              <Link className="button" to={paths.editHelper(helper.id)}>
                {m.helpers_biodata_edit()}
              </Link>
              <Link className="button danger" to={paths.deleteHelper(helper.id)}>
                {m.helpers_biodata_delete()}
              </Link>
            </div>
          ) : null}
        </div>
        <BiodataParts helper={helper} gated={gated} gateLink={localHref(paths.filters(localHref(paths.helper(helper.id))))} />
        <p className="biodata-download">
          {/* A file, not a page: the browser opens or saves it itself. */}
          <a className="button" href={paths.biodataPdf(helper.id, pageLocale())}>
            {m.helpers_biodata_download_pdf()}
          </a>
        </p>
        <section className="biodata-notes" aria-labelledby="notes-heading">
          <h2 id="notes-heading">{m.helpers_biodata_special_notes()}</h2>
          {helper.specialNotes ? (
            // Stored only after the server sanitised it to the editor's allow-list.
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: nestedNotes(helper.specialNotes) }} />
          ) : (
            <p>—</p>
          )}
        </section>
        <div className="biodata-supplier">
          {direct ? <DirectHireBlock helper={helper} identity={identity} siteName={config.siteName} /> : null}
          {supplier ? <SupplierBlock supplier={supplier} personnel={personnel} /> : null}
          <p className="biodata-published">
            {m.helpers_biodata_published()} <RelativeTime date={helper.publishedAt} />
          </p>
        </div>
      </article>
      {alike.length > 0 ? (
        <section className="more-like-this" aria-labelledby="more-heading">
          <h2 id="more-heading">{m.helpers_biodata_more_like_this()}</h2>
          <div className="card-grid">
            {alike.map((other) => (
              <HelperCard key={other.id} helper={other} headingLevel={3} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
