/**
 * Response shapes of the helper API. Declared so the serializer writes exactly these fields
 * and nothing a database row may carry besides.
 */
import { z } from "zod";

const photo = z.object({ url: z.string(), thumbUrl: z.string() }).nullable();
const supplier = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() });

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
  dateOfBirth: z.string(),
  heightCm: z.number().int().nullable(),
  weightKg: z.number().int().nullable(),
  marital: z.string(),
  childrenAges: z.string().nullable(),
  religion: z.string(),
  english: z.string().nullable(),
  motherTongue: z.string(),
  photo,
  supplier,
  publishedAt: z.string(),
});

export const helperRecordSchema = helperCardSchema.extend({
  singaporeExperience: z.string().nullable(),
  otherLanguages: z.array(z.string()),
  education: z.string().nullable(),
  specialNotes: z.string(),
  status: z.string(),
  photoKey: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const helperPageSchema = z.object({
  items: z.array(helperCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  unknown: z.array(z.object({ param: z.string(), value: z.string() })).optional(),
});
