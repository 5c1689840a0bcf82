import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A question an operator answers before a change is made, in the page and without script: the
 * first press answers with this, "Yes" posts again with confirm=yes, Cancel goes back.
 */
export function OperatorConfirm({
  heading,
  children,
  fields,
  yes,
  cancelHref,
}: {
  heading: string;
  children: ReactNode;
  /** The hidden fields the second post carries (the id, the intent). */
  fields: Record<string, string>;
  yes: string;
  cancelHref: string;
}) {
  return (
    <section className="operator-confirm" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">{heading}</h2>
      {children}
      <Form method="post" className="operator-confirm-actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="button danger">
          {yes}
        </button>
        <a className="button" href={cancelHref}>
          Cancel
        </a>
      </Form>
    </section>
  );
}
