/**
 * Pieces the biodata schemas are built from: form text folded into the values the schema
 * checks (blank means not given, numbers may arrive as text), with messages for people.
 */
import { z } from "zod";
import { HELPER_LIMITS } from "./helper-limits";

export const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

/** Blank or left out: nothing given (inside a nested part, where a key may simply be missing). */
const missingToNull = (value: unknown) => (value === undefined ? null : blankToNull(value));

export function wholeNumber(label: string, min: number, max: number, rangeMessage: string) {
  return z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      return typeof given === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(given) ? Number(given) : given;
    },
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be a number`),
      })
      .int(`${label} must be a whole number`)
      .min(min, rangeMessage)
      .max(max, rangeMessage),
  );
}

/** A whole number that may be left empty (null). */
export function optionalWholeNumber(label: string, min: number, max: number, rangeMessage: string) {
  return z.preprocess(missingToNull, wholeNumber(label, min, max, rangeMessage).nullable());
}

export function optionalText(label: string, max: number = HELPER_LIMITS.shortText.max) {
  return z.preprocess(
    missingToNull,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max.toLocaleString("en")} characters`)
      .transform((value) => (value === "" ? null : value))
      .nullable(),
  );
}

const TRUE = new Set(["on", "true", "yes", "1"]);
const FALSE = new Set(["off", "false", "no", "0"]);

/** A check box: ticked ("on", "yes", true) or not (absent, "no", false). */
export function checkbox(label: string) {
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
    z.boolean({ error: `${label} must be yes or no` }),
  );
}

/** A yes / no / not stated question: blank is null. */
export function yesNo(label: string) {
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
    z.boolean({ error: `${label}: answer yes or no, or leave it blank` }).nullable(),
  );
}

/** A list of slugs from a fixed list (check boxes); one value alone is a list of one. */
export function slugList<S extends string>(label: string, isSlug: (value: string) => value is S, max = 20) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.string({ error: `Choose ${label} from the list` }), { error: `Choose ${label} from the list` })
      .max(max, `Choose ${label} from the list`)
      .transform((values, ctx): S[] => {
        const slugs = new Set<S>();
        for (const value of values.map((v) => v.trim()).filter((v) => v !== "")) {
          if (!isSlug(value)) {
            ctx.addIssue({ code: "custom", message: `Choose ${label} from the list (“${value.slice(0, 40)}” is not one)` });
            return z.NEVER;
          }
          slugs.add(value);
        }
        return [...slugs];
      }),
  );
}
