import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { HELPER_LIMITS } from "../../shared/helper-limits";
import { toListingSearchParams } from "../../shared/listing-query";
import {
  checkFilterForm,
  choiceFields,
  choicesFor,
  interviewChoices,
  skillChoices,
  numberFields,
  recalledFilterValues,
  rememberFilterValues,
  type FilterErrors,
  type FilterValues,
} from "../lib/filter-form";
import { paths } from "../lib/paths";
import { SelectField, TextField } from "./form-field";

const fieldOrder = [...choiceFields.map((choice) => choice.name), ...numberFields, "skill", "availableBy", "interview"];

/**
 * "Your criteria for helper". A GET form to /posts, so it works before the page's script loads;
 * once it has, Apply checks the values first and sends only the chosen ones.
 */
export function FilterForm({
  initial,
  fromUrl,
  headingRef,
  greeting,
}: {
  initial: FilterValues;
  /** The address asked for filters: they pre-fill the form, not the session's memory. */
  fromUrl: boolean;
  headingRef?: React.Ref<HTMLHeadingElement>;
  /** "Welcome back, Ann." */
  greeting?: string;
}) {
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FilterErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (fromUrl) return;
    const recalled = recalledFilterValues();
    // The session's memory lives in the browser only, so it is applied after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (recalled) setValues(recalled);
  }, [fromUrl]);

  const change = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    rememberFilterValues(next);
    // A message goes once its field is changed (the age range's when either end is).
    setErrors((current) => {
      const next = { ...current };
      delete next[name];
      if (name === "ageMin") delete next.ageMax;
      return next;
    });
  };

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = checkFilterForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = fieldOrder.find((name) => result.errors[name]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    rememberFilterValues(values);
    navigate(paths.listing(toListingSearchParams(result.query)));
  };

  const field = (name: string) => ({
    name,
    value: values[name] ?? "",
    error: errors[name] || undefined,
    onChange: (event: { currentTarget: { value: string } }) => change(name, event.currentTarget.value),
  });

  return (
    <section className="form-card wide filter-card" aria-labelledby="filter-heading">
      <h1 id="filter-heading" ref={headingRef} tabIndex={-1}>
        Your criteria for helper
      </h1>
      <p className="filter-intro">
        {greeting ? `${greeting} ` : null}Choose only what matters to you; leave the rest at “Any”.
      </p>
      <form ref={formRef} className="form" method="get" action={paths.listing()} onSubmit={apply} noValidate>
        <div className="form-grid">
          {choiceFields.map((choice) => (
            <SelectField
              key={choice.name}
              label={choice.label}
              placeholder="Any"
              options={choicesFor(choice, values[choice.name])}
              {...field(choice.name)}
            />
          ))}
        </div>
        <fieldset className="filter-numbers">
          <legend>
            Age ({HELPER_LIMITS.age.min} to {HELPER_LIMITS.age.max}) and salary
          </legend>
          <div className="age-range">
            <TextField label="Age from" inputMode="numeric" autoComplete="off" {...field("ageMin")} />
            <TextField label="Age to" inputMode="numeric" autoComplete="off" {...field("ageMax")} />
          </div>
          <TextField label="Maximum salary (S$ a month)" inputMode="numeric" autoComplete="off" {...field("salaryMax")} />
        </fieldset>
        <fieldset className="filter-numbers">
          <legend>Skills and availability</legend>
          <SelectField label="Has experience in" placeholder="Any" options={skillChoices(values.skill)} {...field("skill")} />
          <TextField label="Available by" type="date" autoComplete="off" hint="She can start on or before this day" {...field("availableBy")} />
          <SelectField label="Interview" placeholder="Any" options={interviewChoices} {...field("interview")} />
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button primary">
            Apply Filters
          </button>
        </div>
      </form>
    </section>
  );
}
