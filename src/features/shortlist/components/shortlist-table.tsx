import { Link } from "react-router";
import { availabilityText } from "../../../shared/availability";
import { MessageSupplierLink } from "../../conversations/components/message-supplier-link";
import { labelOf, spokenLanguages } from "../../../shared/catalogue-labels";
import { display, formatOffDays, formatSalary, listText } from "../../../shared/format";
import type { HelperRecord } from "../../../shared/helper-types";
import { paths } from "../../../ui/paths";
import { HelperPhoto } from "../../helpers/components/helper-card";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

type Row = [key: string, label: string, value: (helper: HelperRecord) => string | undefined];

/** The compared fields, named in the page's language. */
const rows = (): Row[] => [
  ["ref", m.shortlist_row_reference(), (h) => h.ref],
  [
    "availability",
    m.shortlist_row_availability(),
    (h) =>
      h.status === "available"
        ? availabilityText(h.availableFrom)
        : m.shortlist_no_longer({ status: labelOf("status", h.status)?.toLowerCase() ?? h.status }),
  ],
  ["age", m.shortlist_row_age(), (h) => (h.age == null ? undefined : String(h.age))],
  ["nationality", m.shortlist_row_nationality(), (h) => labelOf("nationality", h.nationality)],
  ["experience", m.shortlist_row_experience(), (h) => labelOf("experience", h.experience)],
  [
    "salary",
    m.shortlist_row_salary(),
    (h) => (h.salary == null ? undefined : m.shortlist_salary_month({ salary: formatSalary(h.salary)! })),
  ],
  ["offDays", m.shortlist_row_days_off(), (h) => formatOffDays(h.offDays)],
  ["care", m.shortlist_row_care(), (h) => h.cares.map((care) => labelOf("care", care)).join(", ")],
  ["motherTongue", m.shortlist_row_mother_tongue(), (h) => labelOf("motherTongue", h.motherTongue)],
  ["languages", m.shortlist_row_other_languages(), (h) => listText(spokenLanguages(h.otherLanguages, h.languageLevels))],
  ["english", m.shortlist_row_english(), (h) => labelOf("english", h.english)],
  ["religion", m.shortlist_row_religion(), (h) => labelOf("religion", h.religion)],
  ["marital", m.shortlist_row_marital(), (h) => labelOf("marital", h.marital)],
  ["education", m.shortlist_row_education(), (h) => labelOf("education", h.education)],
  ["height", m.shortlist_row_height(), (h) => (h.heightCm == null ? undefined : `${h.heightCm} cm`)],
  ["supplier", m.shortlist_row_supplier(), (h) => h.supplier.name],
];

/**
 * Helpers side by side: fields as rows, helpers as columns. On a phone the columns scroll
 * sideways while the field names stay (a sticky first column).
 */
export function ShortlistTable({ helpers, onRemove }: { helpers: HelperRecord[]; onRemove: (id: string) => void }) {
  return (
    <div className="compare-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
      <table className="compare">
        <caption id="compare-caption" className="visually-hidden">
          {m.shortlist_compare_caption()}
        </caption>
        <thead>
          <tr>
            <td className="compare-corner" />
            {helpers.map((helper) => (
              <th key={helper.id} scope="col">
                <Link to={localHref(paths.helper(helper.id))} className="compare-helper">
                  <HelperPhoto helper={helper} size="thumb" />
                  <span>{helper.name}</span>
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows().map(([key, label, value]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              {helpers.map((helper) => (
                <td key={helper.id} className={key === "availability" && helper.status !== "available" ? "unavailable" : undefined}>
                  {display(value(helper))}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">
              <span className="visually-hidden">{m.shortlist_actions()}</span>
            </th>
            {helpers.map((helper) => (
              <td key={helper.id}>
                <button type="button" className="button compare-remove" onClick={() => onRemove(helper.id)}>
                  {m.shortlist_remove()}
                  <span className="visually-hidden"> {helper.name}</span>
                </button>
                {helper.status === "available" ? (
                  <MessageSupplierLink helperId={helper.id} name={helper.name} className="button compare-message" />
                ) : null}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
