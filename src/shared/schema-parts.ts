/**
 * Pieces the biodata schemas are built from: form text folded into the values the schema
 * checks (blank means not given, numbers may arrive as text), with messages for people from the
 * catalogue, in the language of the request they answer (schema-text.ts).
 */
import { z } from "zod";
import { plainText } from "./plain-text";
import { m } from "./i18n/compiled/messages.js";
import { HELPER_LIMITS } from "./helper-limits";
import { countText, say, type Text } from "./schema-text";

export const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** Blank or left out: nothing given (inside a nested part, where a key may simply be missing). */
const missingToNull = (value: unknown) => (value === undefined ? null : blankToNull(value));

export function wholeNumber(label: Text, min: number, max: number, rangeMessage: Text) {
  return z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(given) ? Number(given) : given;
    },
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? m.shared_error_required({ label: say(label) }) : m.shared_error_number({ label: say(label) }),
      })
      .int({ error: () => m.shared_error_whole_number({ label: say(label) }) })
      .min(min, { error: () => say(rangeMessage) })
      .max(max, { error: () => say(rangeMessage) }),
  );
}

/** A whole number that may be left empty (null). */
export function optionalWholeNumber(label: Text, min: number, max: number, rangeMessage: Text) {
  return z.preprocess(missingToNull, wholeNumber(label, min, max, rangeMessage).nullable());
}

export function optionalText(label: Text, max: number = HELPER_LIMITS.shortText.max) {
  return z.preprocess(
    missingToNull,
    z
      .string({ error: () => m.shared_error_text({ label: say(label) }) })
      .overwrite(plainText)
      .trim()
      .max(max, { error: () => m.shared_error_too_long({ label: say(label), max: countText(max) }) })
      .transform((value) => (value === "" ? null : value))
      .nullable(),
  );
}

const TRUE = new Set(["on", "true", "yes", "1"]);
const FALSE = new Set(["off", "false", "no", "0"]);

/** A check box: ticked ("on", "yes", true) or not (absent, "no", false). */
export function checkbox(label: Text) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === "") return false;
      if (typeof value === "string") {
        const key = value.trim().toLowerCase();
        if (TRUE.has(key)) return true;
        if (FALSE.has(key)) return false;
      }
      return value;
    },
    z.boolean({ error: () => m.shared_error_yes_or_no({ label: say(label) }) }),
  );
}

/** A yes / no / not stated question: blank is null. */
export function yesNo(label: Text) {
  return z.preprocess(
    (value) => {
      if (value === undefined) return undefined;
      if (value === null || value === "") return null;
      if (typeof value === "string") {
        const key = value.trim().toLowerCase();
        if (TRUE.has(key)) return true;
        if (FALSE.has(key)) return false;
      }
      return value;
    },
    z.boolean({ error: () => m.shared_error_yes_no_or_blank({ label: say(label) }) }).nullable(),
  );
}

/** A list of slugs from a fixed list (check boxes); one value alone is a list of one. */
export function slugList<S extends string>(label: Text, isSlug: (value: string) => value is S, max = 20) {
  const fromList = () => m.shared_error_from_list({ label: say(label) });
  return z.preprocess(
    (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string({ error: fromList }), { error: fromList })
      .max(max, { error: fromList })
      .transform((values, ctx): S[] => {
        const slugs = new Set<S>();
        for (const value of values.map((v) => v.trim()).filter((v) => v !== "")) {
          if (!isSlug(value)) {
            ctx.addIssue({ code: "custom", message: m.shared_error_not_in_list({ label: say(label), value: value.slice(0, 40) }) });
            return z.NEVER;
          }
          slugs.add(value);
        }
        return [...slugs];
      }),
  );
}
