/**
 * The words for the listing's filters that are not a catalogue label of their own: the same on
 * the listing's chips and on the operator's record of what a family filtered for.
 */
import { interviewModes } from "./biodata-catalogue";
import { formatBirthDate } from "./format";

/** "Age 25–35", "Age 25 or more", "Age up to 35"; undefined without either bound. */
export function ageWords(ageMin: number | undefined, ageMax: number | undefined): string | undefined {
  if (ageMin !== undefined && ageMax !== undefined) return `Age ${ageMin}–${ageMax}`;
  if (ageMin !== undefined) return `Age ${ageMin} or more`;
  if (ageMax !== undefined) return `Age up to ${ageMax}`;
  return undefined;
}

export const salaryWords = (salaryMax: number) => `Salary up to $${salaryMax}`;

export const availableByWords = (date: string) => `Available by ${formatBirthDate(date) ?? date}`;

/** An interview mode's label ("By video"), or its slug when the catalogue no longer has it. */
export const interviewLabel = (mode: string) => interviewModes.find((entry) => entry.slug === mode)?.label ?? mode;
