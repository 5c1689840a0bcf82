import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useState, type FormEvent } from "react";
import { Form } from "react-router";
import { HELPER_LIMITS } from "../../../shared/helper-limits";
import {
  APPLY_FIELD,
  choiceFields,
  choicesFor,
  hireChoices,
  interviewChoices,
  skillChoices,
  valueText,
  type FilterValues,
} from "../filter-form-values";
import { paths } from "../../../ui/paths";
import { Field, type FieldState } from "../../../ui/field";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

/**
 * "Your criteria for helper". A GET form to /filters, which checks the values and sends only
 * the chosen ones on to /posts (or shows what is wrong beside each field), so it works before
 * the page's script loads; `lastResult` is that check's refusal. It starts from the address's
 * query (the listing's "Edit filters" sends its own), never from an earlier visit's choices.
 */
export function FilterForm({
  initial,
  lastResult,
  headingRef,
  greeting,
}: {
  initial: FilterValues;
  lastResult?: SubmissionResult<string[]>;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** "Welcome back, Ann." */
  greeting?: string;
}) {
  // A message goes once its field is changed (the age range's when either end is), until the
  // next refusal.
  const [changed, setChanged] = useState<{ after?: SubmissionResult<string[]>; names: ReadonlySet<string> }>({ names: new Set() });
  const dismissed = changed.after === lastResult ? changed.names : new Set<string>();
  const values = initial;
  const [form, fields] = useForm<FilterValues>({ id: "filters", defaultValue: initial, lastResult });

  const change = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    setChanged({ after: lastResult, names: new Set([...dismissed, name, ...(name === "ageMin" ? ["ageMax"] : [])]) });
  };

  const field = (name: string): FieldState => {
    const meta = fields[name]!;
    return {
      id: meta.id,
      name: meta.name,
      errorId: meta.errorId,
      descriptionId: meta.descriptionId,
      // What was sent last when refused; else the address's values.
      initialValue: lastResult ? meta.initialValue : values[name],
      errors: dismissed.has(name) ? undefined : meta.errors,
    };
  };

  return (
    <section className="form-card wide filter-card" aria-labelledby="filter-heading">
      <h1 id="filter-heading" ref={headingRef} tabIndex={-1}>
        {m.leads_criteria_heading()}
      </h1>
      <p className="filter-intro">
        {greeting ? `${greeting} ` : null}
        {m.leads_criteria_intro()}
      </p>
      <Form
        className="form"
        method="get"
        action={localHref(paths.filters())}
        {...getFormProps(form)}
        onChange={change}
        onSubmit={form.onSubmit}
      >
        <input type="hidden" name={APPLY_FIELD} value="1" />
        <div className="form-grid">
          {choiceFields.map((choice) => (
            <Field
              key={choice.name}
              field={field(choice.name)}
              label={m.leads_field({ name: choice.name })}
              {...(choice.multiple
                ? { kind: "checkboxes" as const, hint: m.leads_any_when_none(), options: choicesFor(choice) }
                : { kind: "select" as const, placeholder: m.leads_any(), options: choicesFor(choice, valueText(values[choice.name])) })}
            />
          ))}
        </div>
        <fieldset className="filter-numbers">
          <legend>{m.leads_age_salary({ min: HELPER_LIMITS.age.min, max: HELPER_LIMITS.age.max })}</legend>
          <div className="age-range">
            <Field field={field("ageMin")} label={m.leads_age_from()} inputMode="numeric" autoComplete="off" />
            <Field field={field("ageMax")} label={m.leads_age_to()} inputMode="numeric" autoComplete="off" />
          </div>
          <Field field={field("salaryMax")} label={m.leads_salary_max()} inputMode="numeric" autoComplete="off" />
        </fieldset>
        <fieldset className="filter-numbers">
          <legend>{m.leads_skills_availability()}</legend>
          <Field
            kind="select"
            field={field("skill")}
            label={m.leads_has_experience()}
            placeholder={m.leads_any()}
            options={skillChoices(valueText(values.skill))}
          />
          <Field
            field={field("availableBy")}
            label={m.leads_available_by()}
            type="date"
            autoComplete="off"
            hint={m.leads_available_by_hint()}
          />
          <Field
            kind="select"
            field={field("interview")}
            label={m.leads_interview()}
            placeholder={m.leads_any()}
            options={interviewChoices()}
          />
          <Field kind="select" field={field("hire")} label={m.shared_hire_label()} placeholder={m.leads_any()} options={hireChoices()} />
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button primary">
            {m.leads_apply()}
          </button>
        </div>
      </Form>
    </section>
  );
}
