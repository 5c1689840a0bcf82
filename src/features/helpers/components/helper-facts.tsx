/**
 * The facts a biodata shows in a table, in the original's order: apart from the card, so the
 * listing's script does not carry every catalogue list's words.
 */
import type { HelperCard as HelperCardData } from "../../../shared/helper-types";
import { labelOf } from "../../../shared/catalogue-labels";
import { display, formatBirthDate, formatOffDays, formatSalary, listText } from "../../../shared/format";
import { m } from "../../../shared/i18n/compiled/messages.js";

export function careLabels(cares: string[]): string {
  return listText(cares.map((care) => labelOf("care", care) ?? care));
}

/** Her age, with the date of birth beside it where the reader may see it (decision 086). */
export function ageText(age: number | null, dateOfBirth?: string): string | undefined {
  if (age == null) return undefined;
  const born = dateOfBirth ? formatBirthDate(dateOfBirth) : undefined;
  return born ? `${age} (${born})` : String(age);
}

/**
 * The facts every card and biodata shows, in the original's order; a dash for what is missing.
 * The date of birth only when given: a biodata read by a family past the gate.
 */
export function helperFacts(helper: HelperCardData, dateOfBirth?: string): [string, string][] {
  return [
    ["ref", helper.ref],
    ["nationality", labelOf("nationality", helper.nationality)],
    ["experience", labelOf("experience", helper.experience)],
    ["salary", formatSalary(helper.salary)],
    ["offDays", formatOffDays(helper.offDays)],
    ["care", careLabels(helper.cares)],
    ["age", ageText(helper.age, dateOfBirth)],
    ["height", helper.heightCm == null ? undefined : `${helper.heightCm} cm`],
    ["marital", labelOf("marital", helper.marital)],
    ["children", helper.childrenAges ?? undefined],
    ["weight", helper.weightKg == null ? undefined : `${helper.weightKg} kg`],
    ["religion", labelOf("religion", helper.religion)],
    ["english", labelOf("english", helper.english)],
    ["motherTongue", labelOf("motherTongue", helper.motherTongue)],
  ].map(([fact, value]) => [m.helpers_fact({ fact: fact as string }), display(value)]);
}

export function FactTable({ helper, dateOfBirth }: { helper: HelperCardData; dateOfBirth?: string }) {
  return (
    <dl className="facts">
      {helperFacts(helper, dateOfBirth).map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
