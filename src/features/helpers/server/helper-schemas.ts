/**
 * Response shapes of the helper API. Declared so the serializer writes exactly these fields
 * and nothing a database row may carry besides.
 */
import { z } from "zod";

const photo = z.object({ url: z.string(), thumbUrl: z.string() }).nullable();
const supplier = z.object({
  id: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  whatsapp: z
    .string()
    .nullable()
    .describe("The supplier's WhatsApp number, international digits (for https://wa.me/<digits>); always null for a direct hire"),
  telegram: z.string().nullable().describe("The supplier's Telegram user name, without the @; always null for a direct hire"),
});

export const helperCardSchema = z.object({
  id: z.string(),
  ref: z.string(),
  name: z.string(),
  nationality: z.string(),
  experience: z.string(),
  salary: z.number().int(),
  offDays: z.number().int(),
  cares: z.array(z.string()),
  age: z.number().int().nullable(),
  heightCm: z.number().int().nullable(),
  weightKg: z.number().int().nullable(),
  marital: z.string(),
  childrenAges: z.string().nullable(),
  religion: z.string(),
  english: z.string().nullable(),
  motherTongue: z.string(),
  otherLanguages: z
    .array(z.string())
    .describe("The languages she speaks besides her mother tongue, as slugs (the `language` filter's values)"),
  languageLevels: z
    .record(z.string(), z.string())
    .describe(
      "Her level (basic, fair, good, fluent) in each of `otherLanguages` but English, whose level is `english`; a language without one: not stated",
    ),
  photo,
  supplier,
  hire: z
    .enum(["direct", "agency"])
    .describe(
      "direct: the helper publishes herself and is reached only through the site's chat (decision 197); agency: an agency's or overseas supplier's",
    ),
  publishedAt: z.string(),
  availableFrom: z.string().nullable(),
});

const nullableText = z.string().nullable();
const skillEntry = z.object({
  willing: z.boolean(),
  experienced: z.boolean(),
  years: z.number().int().nullable(),
  rating: z.number().int().nullable(),
  detail: nullableText,
  note: nullableText,
});
const employmentRow = z.object({
  from: z.string(),
  to: z.string(),
  country: z.string(),
  employer: nullableText,
  duties: nullableText,
  remarks: nullableText,
  feedback: nullableText,
});

/** Parts A to D that anyone may read (the gated and private details are not among them). */
const biodataPublic = {
  placeOfBirth: nullableText,
  siblings: z.number().int().nullable(),
  dietaryRestrictions: nullableText,
  handlesPork: z.boolean().nullable(),
  handlesBeef: z.boolean().nullable(),
  foodHandlingOther: nullableText,
  otherRemarks: nullableText,
  skillsEvaluation: nullableText,
  skillsEvaluationOther: nullableText,
  skills: z.record(z.string(), skillEntry),
  employment: z.array(employmentRow),
  workedInSingapore: z.boolean().nullable(),
  interview: z.array(z.string()),
  directHireReason: nullableText.describe("A direct hire's reason she is free to be hired directly; null on an agency's biodata"),
  employerConsent: z.boolean().nullable().describe("A transfer: her current employer consents"),
  releaseDate: nullableText.describe("A transfer: YYYY-MM-DD, the day her current employer releases her"),
};

export const helperRecordSchema = helperCardSchema.extend({
  ...biodataPublic,
  singaporeExperience: z.string().nullable(),
  education: z.string().nullable(),
  specialNotes: z.string(),
  status: z.string(),
  photoKey: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The owner's own list: the record with its medical history and date of birth (decision 086). */
export const gatedHelperRecordSchema = helperRecordSchema.extend({
  dateOfBirth: z.string(),
  allergies: nullableText,
  illnesses: z.array(z.string()),
  illnessOther: nullableText,
  disabilities: nullableText,
});

/** What the owner's own writes answer: the record with its gated and private details. */
export const ownedHelperRecordSchema = gatedHelperRecordSchema.extend({
  privateDetails: z.object({
    homeAddress: nullableText,
    repatriationPort: nullableText,
    homePhone: nullableText,
  }),
  eaPersonnelId: z
    .string()
    .nullable()
    .describe("the agency's EA personnel this biodata names (`/api/me/ea-personnel`); null names its first registered"),
});

export const helperPageSchema = z.object({
  items: z.array(helperCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  unknown: z.array(z.object({ param: z.string(), value: z.string() })).optional(),
});
