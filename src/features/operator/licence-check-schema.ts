/** An operator's check of a supplier's licence: which licence they looked up, and how (decision 100). */
import { z } from "zod";

export const LICENCE_NOTE_MAX = 300;

export const licenceCheckSchema = z.object({
  licence: z.string({ message: "Say which licence you checked" }).trim().min(1, "Say which licence you checked").max(20),
  note: z
    .string({ message: "Say how you checked the licence" })
    .trim()
    .min(1, "Say how you checked it, e.g. “Checked MOM EA directory, 25 Nov”")
    .max(LICENCE_NOTE_MAX, `Keep the note to ${LICENCE_NOTE_MAX} characters`),
});

export type LicenceCheckInput = z.output<typeof licenceCheckSchema>;

export const LICENCE_REASON_MAX = 300;

/** An operator's refusal of a licence (decision 164): which licence, and why, as the supplier reads it. */
export const licenceRefusalSchema = z.object({
  licence: licenceCheckSchema.shape.licence,
  reason: z
    .string({ message: "Say why the licence is refused" })
    .trim()
    .min(1, "Say why, e.g. “MOM's directory has no agency with this licence”: the agency reads it")
    .max(LICENCE_REASON_MAX, `Keep the reason to ${LICENCE_REASON_MAX} characters`),
});

export type LicenceRefusalInput = z.output<typeof licenceRefusalSchema>;
