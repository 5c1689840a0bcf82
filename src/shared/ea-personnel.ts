/**
 * A licensed agency's registered EA personnel as suppliers give them: a name and MOM's
 * registration number (R and seven digits, e.g. R1234567), typed in any case and with spaces.
 */
import { z } from "zod";
import { requiredText } from "./account-schema";
import { refuseGoodsWords } from "./goods-words";
import { m } from "./i18n/compiled/messages.js";

import { EA_PERSONNEL_NAME_MAX } from "./ea-personnel-limits";

export const EA_REGISTRATION_PATTERN = /^R\d{7}$/;

export const eaPersonnelInputSchema = z.object({
  name: requiredText(m.shared_error_field_ea_personnel_name, EA_PERSONNEL_NAME_MAX).superRefine(
    refuseGoodsWords(m.shared_error_field_ea_personnel_name),
  ),
  registrationNumber: z
    .string({ error: () => m.shared_error_ea_registration_format() })
    .transform((value) => value.replace(/\s/g, "").toUpperCase())
    .refine((value) => EA_REGISTRATION_PATTERN.test(value), { error: () => m.shared_error_ea_registration_format() }),
});

export type EaPersonnelInput = z.output<typeof eaPersonnelInputSchema>;

/** One registered EA personnel as pages, the PDF and the API show them. */
export interface EaPersonnel {
  id: string;
  name: string;
  registrationNumber: string;
  /** When an operator checked them in MOM's directory (ISO); null before. */
  checkedAt: string | null;
}
