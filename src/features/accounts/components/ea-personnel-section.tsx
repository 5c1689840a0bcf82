import { Form } from "react-router";
import type { EaPersonnel } from "../../../shared/ea-personnel";
import { EA_PERSONNEL_NAME_MAX } from "../../../shared/ea-personnel-limits";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { formatSingaporeDay } from "../../../shared/format";

/** The form of a registration number MOM gives, shown as it is in every language. */
const EXAMPLE_NUMBER = "R1234567";

export interface PersonnelAnswer {
  intent: "personnel";
  ok: boolean;
  fields?: Record<string, string>;
  message?: string;
}

/** One field of the form to add a personnel, with its refusal beside it. */
function PersonnelField(props: { name: string; label: string; maxLength: number; placeholder?: string; error: string | undefined }) {
  const id = `ea-personnel-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        name={props.name}
        required
        maxLength={props.maxLength}
        placeholder={props.placeholder}
        autoComplete="off"
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      />
      {props.error ? (
        <p className="field-error" id={`${id}-error`}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A licensed agency's registered EA personnel on its profile (decision 162): the list, each with
 * Remove, and a form to add one. Its biodata name the first.
 */
export function EaPersonnelSection({ personnel, answer }: { personnel: EaPersonnel[]; answer: PersonnelAnswer | undefined }) {
  const errors = answer && !answer.ok ? (answer.fields ?? {}) : {};
  return (
    <section className="form-card account-card" id="ea-personnel" aria-labelledby="ea-personnel-heading">
      <h2 id="ea-personnel-heading" className="account-section-heading">
        {m.accounts_ea_personnel_heading()}
      </h2>
      <p className="hint">{m.accounts_ea_personnel_intro()}</p>
      {personnel.length === 0 ? (
        <p>{m.accounts_ea_personnel_none()}</p>
      ) : (
        <ul className="ea-personnel-list">
          {personnel.map((one) => (
            <li key={one.id}>
              <span>
                {one.name} · {one.registrationNumber}
                <span className="hint">
                  {one.checkedAt
                    ? m.accounts_ea_personnel_checked({ date: formatSingaporeDay(one.checkedAt) })
                    : m.accounts_ea_personnel_waiting()}
                </span>
              </span>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="personnel-remove" />
                <input type="hidden" name="id" value={one.id} />
                <button type="submit" className="button">
                  {m.accounts_ea_personnel_remove({ name: one.name })}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {answer?.message ? (
        <p className={answer.ok ? "form-success" : "form-error"} role="status">
          {answer.message}
        </p>
      ) : null}
      <Form method="post" className="form" preventScrollReset>
        <input type="hidden" name="intent" value="personnel-add" />
        <PersonnelField name="name" label={m.accounts_ea_personnel_name()} maxLength={EA_PERSONNEL_NAME_MAX} error={errors.name} />
        <PersonnelField
          name="registrationNumber"
          label={m.accounts_ea_personnel_number()}
          maxLength={12}
          placeholder={EXAMPLE_NUMBER}
          error={errors.registrationNumber}
        />
        <button type="submit" className="button primary">
          {m.accounts_ea_personnel_add()}
        </button>
      </Form>
    </section>
  );
}
