/**
 * The words for the listing's filters that are not a catalogue label of their own: the same on
 * the listing's chips and on the operator's record of what a family filtered for.
 */
import { interviewLabel } from "./biodata-catalogue";
import { formatBirthDate, formatSalary } from "./format";
import { m } from "./i18n/compiled/messages.js";

/** "Age 25–35", "Age 25 or more", "Age up to 35"; undefined without either bound. */
export function ageWords(ageMin: number | undefined, ageMax: number | undefined): string | undefined {
  if (ageMin !== undefined && ageMax !== undefined) return m.shared_age_range({ min: ageMin, max: ageMax });
  if (ageMin !== undefined) return m.shared_age_min({ min: ageMin });
  if (ageMax !== undefined) return m.shared_age_max({ max: ageMax });
  return undefined;
}

export const salaryWords = (salaryMax: number) => m.shared_salary_max({ amount: formatSalary(salaryMax)! });

export const availableByWords = (date: string) => m.shared_available_by({ date: formatBirthDate(date) ?? date });

/** "Direct hire" or "Agency": who publishes the biodata (decision 197). */
export const hireLabel = (kind: string) => m.shared_hire({ kind });

/** An interview mode's label ("By video"), or its slug when the catalogue no longer has it. */
export { interviewLabel };
