import { Link } from "react-router";
import { availabilityText } from "../../../shared/availability";
import { MessageSupplierLink } from "../../conversations/components/message-supplier-link";
import { labelOf } from "../../../shared/catalogue-labels";
import { display, formatOffDays, formatSalary } from "../../../shared/format";
import type { HelperRecord } from "../../../shared/helper-types";
import { paths } from "../../../ui/paths";
import { HelperPhoto } from "../../helpers/components/helper-card";

type Row = [label: string, value: (helper: HelperRecord) => string | undefined];

const ROWS: Row[] = [
  ["Reference", (h) => h.ref],
  [
    "Availability",
    (h) =>
      h.status === "available" ? availabilityText(h.availableFrom) : `No longer available (${labelOf("status", h.status)?.toLowerCase()})`,
  ],
  ["Age", (h) => (h.age == null ? undefined : String(h.age))],
  ["Nationality", (h) => labelOf("nationality", h.nationality)],
  ["Experience", (h) => labelOf("experience", h.experience)],
  ["Salary", (h) => (h.salary == null ? undefined : `${formatSalary(h.salary)} a month`)],
  ["Days off", (h) => formatOffDays(h.offDays)],
  ["Care", (h) => h.cares.map((care) => labelOf("care", care)).join(", ")],
  ["Mother tongue", (h) => labelOf("motherTongue", h.motherTongue)],
  ["Other languages", (h) => h.otherLanguages.map((language) => labelOf("language", language)).join(", ")],
  ["English", (h) => labelOf("english", h.english)],
  ["Religion", (h) => labelOf("religion", h.religion)],
  ["Marital status", (h) => labelOf("marital", h.marital)],
  ["Education", (h) => labelOf("education", h.education)],
  ["Height", (h) => (h.heightCm == null ? undefined : `${h.heightCm} cm`)],
  ["Supplier", (h) => h.supplier.name],
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
          Shortlisted helpers compared: one column a helper
        </caption>
        <thead>
          <tr>
            <td className="compare-corner" />
            {helpers.map((helper) => (
              <th key={helper.id} scope="col">
                <Link to={paths.helper(helper.id)} className="compare-helper">
                  <HelperPhoto helper={helper} size="thumb" />
                  <span>{helper.name}</span>
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {helpers.map((helper) => (
                <td key={helper.id} className={label === "Availability" && helper.status !== "available" ? "unavailable" : undefined}>
                  {display(value(helper))}
                </td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">
              <span className="visually-hidden">Actions</span>
            </th>
            {helpers.map((helper) => (
              <td key={helper.id}>
                <button type="button" className="button compare-remove" onClick={() => onRemove(helper.id)}>
                  Remove<span className="visually-hidden"> {helper.name}</span>
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
