/**
 * A biodata with every part of the standard form filled in, private details included, for
 * tests of the schema, the API, the pages and the PDF.
 */
export const PRIVATE_VALUES = {
  homeAddress: "88 Rizal Street, Barangay San Roque, Iloilo",
  repatriationPort: "Iloilo International Airport",
  homePhone: "+63 917 555 0199",
  passportNumber: "P7654321Q",
} as const;

export function standardFormParts(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    placeOfBirth: "Iloilo City",
    siblings: 4,
    ...PRIVATE_VALUES,
    allergies: "Shellfish",
    illnesses: ["asthma", "operations"],
    illnessOther: null,
    disabilities: null,
    dietaryRestrictions: "No beef",
    handlesPork: true,
    handlesBeef: false,
    foodHandlingOther: "Will not cook beef but may serve it",
    restDays: 2,
    otherRemarks: "Likes to sing with the children.",
    skillsEvaluation: "overseas-centre",
    skillsEvaluationOther: null,
    skills: {
      infant: { willing: true, experienced: true, years: 3, rating: 5, detail: "0–12 months", note: "Bathed twins daily" },
      cooking: { willing: true, experienced: true, years: 6, rating: 4, detail: "Filipino and Chinese", note: null },
      elderly: { willing: true, experienced: false, years: null, rating: null, detail: null, note: null },
      english: { willing: true, experienced: true, years: 10, rating: 3, detail: null, note: null },
    },
    employment: [
      { from: "2019-03", to: "2023-02", country: "Hong Kong", employer: "Mr Chan", duties: "Care of twins and cooking", remarks: "Contract completed", feedback: "Very patient with the babies" },
      { from: "2015-06", to: "2018-12", country: "Singapore", employer: "Mdm Lim", duties: "Housework and marketing", remarks: null, feedback: null },
    ],
    workedInSingapore: true,
    availableFrom: null,
    interview: ["phone", "video"],
    ...overrides,
  };
}
