import { data, Form, Link, redirect } from "react-router";
import { pagePolicy } from "../../../shared/page-policy";
import { siteName } from "../../../ui/meta";
import { FieldErrorText, FormErrorText } from "../../../ui/field";
import { paths } from "../../../ui/paths";
import { currentVisitor } from "../../../ui/page-guards.server";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref, pageLocale } from "../../../shared/i18n/page-locale";
import { familyCookie, familyKeyFromCookies, formRefusal, single, type FormAnswer } from "./answers.server";
import type { Route } from "./+types/save";

export const policy = pagePolicy.personal({ noCrawl: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.alerts_title({ site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

/** The form beside a listing: the criteria are the listing's address parameters, as it sent them. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const reading = context.services.alerts.read(url.search);
  const visitor = await currentVisitor(request, context);
  const key = familyKeyFromCookies(request.headers.get("cookie"));
  return {
    ...reading,
    // A family, or a browser past the gate (its family is made as it saves).
    mayBegin: visitor !== null || (await context.services.conversations.familyIdOf(key)) !== undefined,
    here: `${url.pathname}${url.search}`,
  };
}

type Answer = FormAnswer | { done: "saved"; email: string };

/** Saves the search (and mails its confirmation), or stops one of the family's searches from its space. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const key = familyKeyFromCookies(request.headers.get("cookie"));
  const alerts = context.services.alerts;
  if (form.get("intent") === "stop") {
    const outcome = await formRefusal(() => alerts.stop(key, single(form, "search")));
    if (!outcome.ok) return outcome.answer;
    return redirect(`${localHref("/messages")}?search-stopped#saved-searches`);
  }
  const visitor = await currentVisitor(request, context);
  const email = single(form, "email");
  const outcome = await formRefusal(() =>
    alerts.save({
      visitor,
      key,
      criteria: single(form, "criteria"),
      email,
      frequency: single(form, "frequency"),
      locale: pageLocale(),
      requester: context.ip,
    }),
  );
  if (!outcome.ok) return outcome.answer;
  const answer: Answer = { done: "saved", email: String(email) };
  const fresh = outcome.value.key;
  return data(answer, {
    headers: fresh ? { "Set-Cookie": familyCookie(fresh, { secure: context.config.publicUrl.startsWith("https:") }) } : undefined,
  });
}

export default function SaveSearch({ loaderData, actionData }: Route.ComponentProps) {
  const { criteria, words, problem, mayBegin, here } = loaderData;
  const answer = actionData as Answer | undefined;
  const refused = answer && "error" in answer ? answer : undefined;
  const invalid = (field: string) => (refused?.fields[field] ? true : undefined);
  return (
    <section className="form-card" aria-labelledby="alerts-heading">
      <h1 id="alerts-heading">{m.alerts_heading()}</h1>
      <p>{m.alerts_intro()}</p>
      <h2>{m.alerts_criteria_heading()}</h2>
      {criteria === null ? (
        <p className="form-error" role="alert">
          {problem === "unknown" ? m.alerts_criteria_unknown() : m.alerts_criteria_invalid()}
        </p>
      ) : (
        <p>
          {words.length > 0 ? words.join(" · ") : m.alerts_criteria_every()}{" "}
          <Link to={localHref(criteria ? `/posts?${criteria}` : "/posts")}>{m.alerts_see_listing()}</Link>
        </p>
      )}
      {answer && "done" in answer ? (
        <p className="form-success" role="status">
          {m.alerts_saved({ email: answer.email })}
        </p>
      ) : !mayBegin ? (
        <p>
          {m.alerts_gate_first()} <Link to={localHref(paths.filters(here))}>{m.alerts_gate_link()}</Link>
        </p>
      ) : criteria !== null ? (
        <Form method="post" className="form">
          <FormErrorText refused={refused} />
          <input type="hidden" name="criteria" value={criteria} />
          <FieldErrorText id="alert-criteria-error" text={refused?.fields.criteria} />
          <div className="field">
            <label htmlFor="alert-email">{m.alerts_email_label()}</label>
            <input
              id="alert-email"
              name="email"
              type="email"
              autoComplete="email"
              required
              maxLength={200}
              aria-invalid={invalid("email")}
              aria-describedby={invalid("email") ? "alert-email-error" : undefined}
            />
            <FieldErrorText id="alert-email-error" text={refused?.fields.email} />
          </div>
          <fieldset className="field">
            <legend>{m.alerts_frequency_label()}</legend>
            <label>
              <input type="radio" name="frequency" value="daily" defaultChecked /> {m.alerts_frequency_daily()}
            </label>
            <label>
              <input type="radio" name="frequency" value="instant" /> {m.alerts_frequency_instant()}
            </label>
            <FieldErrorText id="alert-frequency-error" text={refused?.fields.frequency} />
          </fieldset>
          <div className="form-actions">
            <button type="submit" className="button primary">
              {m.alerts_save()}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
