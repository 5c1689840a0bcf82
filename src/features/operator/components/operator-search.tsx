import { Form } from "react-router";

/** The search box above an operator's table: a GET form, so the address keeps what was searched. */
export function OperatorSearch({ id, label, q }: { id: string; label: string; q: string | undefined }) {
  return (
    <Form method="get" className="operator-search" role="search">
      <label htmlFor={id}>{label}</label>
      <div className="operator-search-row">
        <input id={id} type="search" name="q" defaultValue={q} maxLength={100} />
        <button type="submit" className="button primary">
          Search
        </button>
      </div>
    </Form>
  );
}
