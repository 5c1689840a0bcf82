import { Link } from "react-router";
import { paths } from "../../../ui/paths";

/** View and Edit of one biodata in a list, each named with the helper for screen readers. */
export function ViewEditLinks({ helper }: { helper: { id: string; name: string } }) {
  return (
    <>
      <Link to={paths.helper(helper.id)}>
        View<span className="visually-hidden"> {helper.name}</span>
      </Link>
      <Link to={paths.editHelper(helper.id)}>
        Edit<span className="visually-hidden"> {helper.name}</span>
      </Link>
    </>
  );
}
