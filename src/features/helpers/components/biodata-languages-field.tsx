/**
 * The languages she speaks, each with her level (decision 134): a box per language, and beside
 * a ticked one a drop-down of its level (English's level is its own field above). An unticked
 * language's drop-down is hidden where the browser can tell (`:has`), so the list stays as short
 * as the boxes alone; what a hidden drop-down still posts is left out when the form is read.
 */
import { initialText, type FieldState } from "../../../ui/field";
import { catalogueOptions } from "../../../shared/catalogue-labels";
import { m } from "../../../shared/i18n/compiled/messages.js";

/** The language whose level is asked elsewhere (the English level field). */
const OWN_LEVEL_FIELD = "english";

function listOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

export function LanguagesField({
  field,
  levelOf,
  label,
  options,
}: {
  field: FieldState;
  /** The level drop-down's state for a language (`languageLevels.<language>`). */
  levelOf: (language: string) => FieldState;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const ticked = new Set(listOf(field.initialValue));
  const error = field.errors?.[0];
  const levels = catalogueOptions("english");
  return (
    <fieldset className="checkbox-fieldset language-levels" aria-describedby={error ? field.errorId : undefined}>
      <legend>{label}</legend>
      <div className="checkbox-group language-rows">
        {options.map((option, i) => {
          const level = option.value === OWN_LEVEL_FIELD ? undefined : levelOf(option.value);
          const levelError = level?.errors?.[0];
          return (
            <div className="language-row" key={option.value} data-refused={levelError ? "" : undefined}>
              <label>
                <input
                  type="checkbox"
                  name={field.name}
                  value={option.value}
                  defaultChecked={ticked.has(option.value)}
                  aria-invalid={i === 0 && error ? true : undefined}
                />
                {option.label}
              </label>
              {level ? (
                <select
                  id={level.id}
                  name={level.name}
                  defaultValue={initialText(level) ?? ""}
                  aria-label={m.helpers_supplier_language_level({ language: option.label })}
                  aria-invalid={levelError ? true : undefined}
                  aria-describedby={levelError ? level.errorId : undefined}
                >
                  <option value="">{m.helpers_supplier_level_not_stated()}</option>
                  {levels.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              ) : null}
              {level && levelError ? (
                <p className="field-error" id={level.errorId}>
                  {levelError}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      {error ? (
        <p className="field-error" id={field.errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
