import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { catalogueOptions } from "../../../shared/catalogue-labels";
import { calendarDateAt, formatIsoDate } from "../../../shared/age";
import { siteName } from "../../../ui/meta";
import { FieldErrorText } from "../../../ui/field";
import { paths } from "../../../ui/paths";
import { currentVisitor } from "../../../ui/page-guards.server";
import { formRefusal } from "../../../ui/forms.server";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { familyCookie, familyKeyFromCookies } from "./answers.server";
import { DISTRICTS, ELDER_NEEDS, HOMES, JOB_LIMITS } from "../model";
import type { Route } from "./+types/new";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.jobs_new_title({ site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

/** The form's fields that take several values (boxes). */
const LISTS = ["cares", "elderlyNeeds", "languages", "nationalities"] as const;
const TEXTS = [
  "adults",
  "childrenAges",
  "elderly",
  "home",
  "district",
  "startDate",
  "salaryMin",
  "salaryMax",
  "offDays",
  "description",
] as const;
type Values = Record<string, string | string[]>;

/** A word of a sentence as a box's label: "help to move about" reads "Help to move about". */
const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await currentVisitor(request, context);
  const key = familyKeyFromCookies(request.headers.get("cookie"));
  return {
    // A family, or a browser past the gate (its family is made as it posts).
    mayBegin: visitor !== null || (await context.services.conversations.familyIdOf(key)) !== undefined,
    today: formatIsoDate(calendarDateAt(new Date())),
  };
}

type Answer = { error: string; fields: Record<string, string>; values: Values };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Values = {};
  for (const name of LISTS) values[name] = form.getAll(name).map(String);
  for (const name of TEXTS) {
    const all = form.getAll(name);
    if (all.length > 0) values[name] = all.length === 1 ? String(all[0]) : all.map(String);
  }
  const visitor = await currentVisitor(request, context);
  const outcome = await formRefusal(() =>
    context.services.jobs.post({
      visitor,
      key: familyKeyFromCookies(request.headers.get("cookie")),
      fields: values,
      address: context.ip,
    }),
  );
  if (!outcome.ok) {
    const answer: Answer = { ...(outcome.answer.data as Omit<Answer, "values">), values };
    return data(answer, outcome.answer.init ?? undefined);
  }
  const { jobId, key } = outcome.value;
  const to = `${localHref(`/jobs/${jobId}`)}?posted`;
  return redirect(
    to,
    key ? { headers: { "Set-Cookie": familyCookie(key, { secure: context.config.publicUrl.startsWith("https:") }) } } : undefined,
  );
}

function FieldError({ answer, field }: { answer: Answer | undefined; field: string }) {
  return <FieldErrorText id={`job-${field}-error`} text={answer?.fields[field]} />;
}

/** Boxes for a list's values, ticked as they were sent. */
function Boxes(props: { name: string; legend: string; options: { value: string; label: string }[]; answer?: Answer; hint?: string }) {
  const { name, legend, options, answer, hint } = props;
  const sent = answer?.values[name];
  const ticked = new Set(Array.isArray(sent) ? sent : sent ? [sent] : []);
  const invalid = answer?.fields[name] !== undefined;
  return (
    <fieldset className="field job-boxes" aria-invalid={invalid || undefined} aria-describedby={invalid ? `job-${name}-error` : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="hint">{hint}</p> : null}
      <div className="checkbox-group">
        {options.map((option) => (
          <label key={option.value}>
            <input type="checkbox" name={name} value={option.value} defaultChecked={ticked.has(option.value)} /> {option.label}
          </label>
        ))}
      </div>
      <FieldError answer={answer} field={name} />
    </fieldset>
  );
}

function Field({ id, label, hint, answer, children }: { id: string; label: string; hint?: string; answer?: Answer; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={`job-${id}`}>{label}</label>
      {hint ? (
        <p className="hint" id={`job-${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError answer={answer} field={id} />
    </div>
  );
}

export default function NewJob({ loaderData, actionData }: Route.ComponentProps) {
  const { mayBegin, today } = loaderData;
  const answer = actionData as Answer | undefined;
  const value = (name: string) => {
    const sent = answer?.values[name];
    return typeof sent === "string" ? sent : undefined;
  };
  const aria = (name: string, hint = false) => {
    const invalid = answer?.fields[name] !== undefined;
    const described = [hint ? `job-${name}-hint` : "", invalid ? `job-${name}-error` : ""].filter(Boolean).join(" ");
    return { "aria-invalid": invalid || undefined, "aria-describedby": described || undefined };
  };
  const { salary, offDays, adults } = JOB_LIMITS;
  /** A whole number within its bounds, typed on a phone's number pad. */
  const numberInput = (
    name: string,
    bounds: { min: number; max: number },
    { step, fallback }: { step?: number; fallback?: string } = {},
  ) => (
    <input
      id={`job-${name}`}
      name={name}
      type="number"
      inputMode="numeric"
      min={bounds.min}
      max={bounds.max}
      step={step}
      defaultValue={value(name) ?? fallback}
      {...aria(name)}
    />
  );
  return (
    <section className="form-card job-form" aria-labelledby="job-new-heading">
      <h1 id="job-new-heading">{m.jobs_new_heading()}</h1>
      <p>{m.jobs_new_intro({ days: JOB_LIMITS.openDays, max: JOB_LIMITS.openPosts })}</p>
      {!mayBegin ? (
        <p>
          {m.jobs_gate_first()} <Link to={localHref(paths.filters("/jobs/new"))}>{m.jobs_gate_link()}</Link>
        </p>
      ) : (
        <Form method="post" className="form" noValidate>
          {answer ? (
            <p className="form-error" role="alert">
              {Object.keys(answer.fields).length > 0 ? m.jobs_error_check() : answer.error}
            </p>
          ) : null}
          <Boxes name="cares" legend={m.jobs_field_cares()} options={catalogueOptions("care")} answer={answer} />
          <Field id="adults" label={m.jobs_field_adults()} answer={answer}>
            {numberInput("adults", adults, { fallback: "2" })}
          </Field>
          <Field id="childrenAges" label={m.jobs_field_children()} hint={m.jobs_field_children_hint()} answer={answer}>
            <input
              id="job-childrenAges"
              name="childrenAges"
              inputMode="numeric"
              maxLength={60}
              defaultValue={value("childrenAges")}
              {...aria("childrenAges", true)}
            />
          </Field>
          <div className="field">
            <label>
              <input type="checkbox" name="elderly" value="yes" defaultChecked={value("elderly") === "yes"} /> {m.jobs_field_elderly()}
            </label>
          </div>
          <Boxes
            name="elderlyNeeds"
            legend={m.jobs_field_elderly_needs()}
            options={ELDER_NEEDS.map((need) => ({ value: need, label: capitalised(m.shared_job_elder_need({ need })) }))}
            answer={answer}
          />
          <Field id="home" label={m.jobs_field_home()} answer={answer}>
            <select id="job-home" name="home" defaultValue={value("home") ?? ""} {...aria("home")}>
              <option value="">{m.jobs_choose()}</option>
              {HOMES.map((home) => (
                <option key={home} value={home}>
                  {m.shared_job_home({ home })}
                </option>
              ))}
            </select>
          </Field>
          <Field id="district" label={m.jobs_field_district()} hint={m.jobs_field_district_hint()} answer={answer}>
            <select id="job-district" name="district" defaultValue={value("district") ?? ""} {...aria("district", true)}>
              <option value="">{m.jobs_choose()}</option>
              {DISTRICTS.map((slug) => (
                <option key={slug} value={slug}>
                  {m.shared_job_district({ slug })}
                </option>
              ))}
            </select>
          </Field>
          <Boxes name="languages" legend={m.jobs_field_languages()} options={catalogueOptions("language")} answer={answer} />
          <Field id="startDate" label={m.jobs_field_start()} answer={answer}>
            <input id="job-startDate" name="startDate" type="date" min={today} defaultValue={value("startDate")} {...aria("startDate")} />
          </Field>
          <div className="job-salary">
            <Field id="salaryMin" label={m.jobs_field_salary_min()} answer={answer}>
              {numberInput("salaryMin", salary, { step: 10 })}
            </Field>
            <Field id="salaryMax" label={m.jobs_field_salary_max()} answer={answer}>
              {numberInput("salaryMax", salary, { step: 10 })}
            </Field>
          </div>
          <Field id="offDays" label={m.jobs_field_off_days()} answer={answer}>
            {numberInput("offDays", offDays, { fallback: "4" })}
          </Field>
          <Boxes
            name="nationalities"
            legend={m.jobs_field_nationalities()}
            hint={m.jobs_field_nationalities_hint()}
            options={catalogueOptions("nationality")}
            answer={answer}
          />
          <Field id="description" label={m.jobs_field_description()} hint={m.jobs_field_description_hint()} answer={answer}>
            <textarea
              id="job-description"
              name="description"
              rows={5}
              maxLength={JOB_LIMITS.description.max}
              defaultValue={value("description")}
              {...aria("description", true)}
            />
          </Field>
          <div className="form-actions">
            <button type="submit" className="button primary">
              {m.jobs_publish()}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
