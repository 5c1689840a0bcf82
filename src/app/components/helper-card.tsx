import { Link } from "react-router";
import { availabilityShort } from "../../shared/biodata-format";
import { labelOf } from "../../shared/catalogue";
import { display, formatBirthDate, formatOffDays, formatSalary } from "../../shared/format";
import type { HelperCard as HelperCardData } from "../../shared/helper-types";
import { paths } from "../lib/paths";
import { helperOpenedFromCard } from "../lib/pixel";
import { ContactButtons } from "./contact-buttons";
import { RelativeTime } from "./relative-time";

export function careLabels(cares: string[]): string {
  return cares.map((care) => labelOf("care", care)).join(", ");
}

export function ageText(age: number | null, dateOfBirth: string): string | undefined {
  if (age == null) return undefined;
  const born = formatBirthDate(dateOfBirth);
  return born ? `${age} (${born})` : String(age);
}

/** The facts every card and biodata shows, in the original's order; a dash for what is missing. */
export function helperFacts(helper: HelperCardData): [string, string][] {
  return [
    ["Ref", helper.ref],
    ["Nationality", labelOf("nationality", helper.nationality)],
    ["Experience", labelOf("experience", helper.experience)],
    ["Salary", formatSalary(helper.salary)],
    ["Days off", formatOffDays(helper.offDays)],
    ["Care", careLabels(helper.cares)],
    ["Age", ageText(helper.age, helper.dateOfBirth)],
    ["Height", helper.heightCm == null ? undefined : `${helper.heightCm} cm`],
    ["Marital", labelOf("marital", helper.marital)],
    ["Children", helper.childrenAges ?? undefined],
    ["Weight", helper.weightKg == null ? undefined : `${helper.weightKg} kg`],
    ["Religion", labelOf("religion", helper.religion)],
    ["English", labelOf("english", helper.english)],
    ["Mother tongue", labelOf("motherTongue", helper.motherTongue)],
  ].map(([label, value]) => [label as string, display(value)]);
}

export function FactTable({ helper }: { helper: HelperCardData }) {
  return (
    <dl className="facts">
      {helperFacts(helper).map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function HelperPhoto({
  helper,
  size,
  eager = false,
}: {
  helper: Pick<HelperCardData, "name" | "photo">;
  size: "thumb" | "full";
  eager?: boolean;
}) {
  const [width, height] = size === "thumb" ? [320, 427] : [600, 800];
  if (!helper.photo) {
    return (
      <div className="photo placeholder" style={{ aspectRatio: `${width} / ${height}` }} role="img" aria-label={`No photo of ${helper.name}`}>
        {helper.name.charAt(0)}
      </div>
    );
  }
  return (
    <img
      className="photo"
      src={size === "thumb" ? helper.photo.thumbUrl : helper.photo.url}
      alt={`Photo of ${helper.name}`}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
    />
  );
}

export function HelperCard({
  helper,
  eager = false,
  onOpen,
}: {
  helper: HelperCardData;
  eager?: boolean;
  onOpen?: (helper: HelperCardData) => void;
}) {
  const opened = (event: React.MouseEvent) => {
    helperOpenedFromCard(helper, event);
    onOpen?.(helper);
  };
  return (
    <article className="helper-card" aria-labelledby={`helper-${helper.id}`}>
      <Link to={paths.helper(helper.id)} className="helper-card-photo" tabIndex={-1} aria-hidden="true" onClick={opened}>
        <HelperPhoto helper={helper} size="thumb" eager={eager} />
      </Link>
      <div className="helper-card-body">
        <h2 id={`helper-${helper.id}`} className="helper-name">
          {helper.name}
        </h2>
        <p className="availability">{availabilityShort(helper.availableFrom)}</p>
        <FactTable helper={helper} />
        <Link to={paths.helper(helper.id)} className="details-link" onClick={opened}>
          Details..<span className="visually-hidden"> about {helper.name}</span>
        </Link>
      </div>
      <footer className="helper-card-footer">
        <p className="published">
          published by <Link to={paths.supplierListing(helper.supplier.id)}>{helper.supplier.name}</Link>{" "}
          <RelativeTime date={helper.publishedAt} />
        </p>
        <ContactButtons name={helper.name} reference={helper.ref} />
      </footer>
    </article>
  );
}
