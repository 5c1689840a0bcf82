import { Link } from "react-router";
import { paths } from "../../../ui/paths";
import { m } from "../../../shared/i18n/compiled/messages.js";

/** View and Edit of one biodata in a list, each named with the helper for screen readers. */
export function ViewEditLinks({ helper }: { helper: { id: string; name: string } }) {
  return (
    <>
      <Link to={paths.helper(helper.id)}>
        {m.helpers_supplier_view()}
        <span className="visually-hidden"> {helper.name}</span>
      </Link>
      <Link to={paths.editHelper(helper.id)}>
        {m.helpers_supplier_edit()}
        <span className="visually-hidden"> {helper.name}</span>
      </Link>
    </>
  );
}
