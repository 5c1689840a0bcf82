/**
 * What the biodata form says about itself as it is filled in: the sections complete and the
 * words on its button. The server draws both from the values it starts with; in the browser
 * they follow what is typed, read from the form as it would be posted.
 */
import { useEffect, useState } from "react";
import { formSections, sectionComplete, type Entries, type FormSectionSpec } from "./biodata-form-sections";
import { m } from "../../../shared/i18n/compiled/messages.js";

const LISTED_STATUS = "available";

/**
 * The button's words: a draft is saved as one; a biodata becoming listed is published; any
 * other save (a listed one edited, one marked reserved or hired) is a save.
 */
export function submitLabel(status: string | undefined, listedNow: boolean): string {
  if (status === "draft") return m.helpers_supplier_save_draft();
  if (status === LISTED_STATUS && !listedNow) return m.helpers_supplier_publish();
  return m.helpers_supplier_save();
}

export function completeSections(entries: Entries): Set<FormSectionSpec["id"]> {
  return new Set(
    formSections()
      .filter((section) => sectionComplete(section, entries))
      .map((section) => section.id),
  );
}

export function progressText(complete: number): string {
  return m.helpers_supplier_progress({ complete, total: formSections().length });
}

const formEntries = (form: HTMLFormElement): Entries =>
  [...new FormData(form).entries()].map(([name, value]) => [name, typeof value === "string" ? value : ""] as const);

/**
 * The form's values, starting from `initial` and read again on every change in the form (and
 * when `refresh` changes, for values set without an input event, as the uploaded photo's key).
 */
export function useFormEntries(formId: string, initial: Entries, refresh: unknown): Entries {
  const [entries, setEntries] = useState(initial);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const read = () => setEntries(formEntries(form));
    read();
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, [formId, refresh]);
  return entries;
}
