import { data as response, Link, useLoaderData } from "react-router";
import { labelOf } from "../../shared/catalogue";
import { display } from "../../shared/format";
import { BiodataParts } from "../components/biodata-parts";
import { ContactButtons } from "../components/contact-buttons";
import { FactTable, HelperPhoto } from "../components/helper-card";
import { useBiodataViewed } from "../components/meta-pixel";
import { RelativeTime } from "../components/relative-time";
import { publicUrl, siteName } from "../lib/meta";
import { paths } from "../lib/paths";
import type { Route } from "./+types/helper-page";

export async function loader({ params, context }: Route.LoaderArgs) {
  const helper = await context.services.helpers.find(params.id ?? "", context.viewer);
  if (!helper) throw response(null, { status: 404 });
  const viewer = context.viewer;
  const mayEdit = Boolean(viewer && (viewer.role === "admin" || viewer.id === helper.supplier.id));
  return { helper, mayEdit };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteName(matches);
  if (!data) return [{ title: `Page not found — ${site}` }];
  const { helper } = data;
  const nationality = labelOf("nationality", helper.nationality);
  const title = `${helper.name} (${helper.ref}) — ${nationality} helper — ${site}`;
  const description = [
    `${nationality} domestic helper`,
    helper.age ? `age ${helper.age}` : undefined,
    labelOf("experience", helper.experience),
    `salary $${helper.salary}`,
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
    { property: "og:url", content: `${origin}${paths.helper(helper.id)}` },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  if (helper.photo) {
    tags.push(
      { property: "og:image", content: `${origin}${helper.photo.url}` },
      { property: "og:image:alt", content: `Photo of ${helper.name}` },
    );
  }
  return tags;
};


export default function HelperBiodata() {
  const { helper, mayEdit } = useLoaderData<typeof loader>();
  useBiodataViewed(helper);
  const more: [string, string][] = [
    ["Singapore experience", display(helper.singaporeExperience)],
    ["Education", display(labelOf("education", helper.education))],
    ["Other languages", display(helper.otherLanguages.map((l) => labelOf("language", l)).join(", "))],
  ];
  const available = helper.status === "available";
  return (
    <article className="biodata" aria-labelledby="helper-name">
      <div className="biodata-photo">
        <HelperPhoto helper={helper} size="full" eager />
      </div>
      <div className="biodata-main">
        <h1 id="helper-name">{helper.name}</h1>
        <p className="biodata-sub">
          {labelOf("nationality", helper.nationality)} · ref {helper.ref}
        </p>
        {available ? (
          <ContactButtons name={helper.name} reference={helper.ref} />
        ) : (
          <p className="status-note" role="note">
            {helper.status === "draft"
              ? "This biodata is a draft: only you can see it."
              : `${helper.name} is no longer available (${labelOf("status", helper.status)?.toLowerCase()}).`}
          </p>
        )}
        <FactTable helper={helper} />
        <dl className="facts">
          {more.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {mayEdit ? (
          <div className="owner-actions">
            <Link className="button" to={paths.editHelper(helper.id)}>
              Edit
            </Link>
            <Link className="button danger" to={paths.deleteHelper(helper.id)}>
              Delete
            </Link>
          </div>
        ) : null}
      </div>
      <BiodataParts helper={helper} />
      <p className="biodata-download">
        {/* A file, not a page: the browser opens or saves it itself. */}
        <a className="button" href={paths.biodataPdf(helper.id)}>
          Download biodata (PDF)
        </a>
      </p>
      <section className="biodata-notes" aria-labelledby="notes-heading">
        <h2 id="notes-heading">Special notes</h2>
        {helper.specialNotes ? (
          // Stored only after the server sanitised it to the editor's allow-list.
          <div className="rich-text" dangerouslySetInnerHTML={{ __html: helper.specialNotes }} />
        ) : (
          <p>—</p>
        )}
      </section>
      <footer className="biodata-footer">
        published by <Link to={paths.supplierListing(helper.supplier.id)}>{helper.supplier.name}</Link>{" "}
        <RelativeTime date={helper.publishedAt} />
      </footer>
    </article>
  );
}
