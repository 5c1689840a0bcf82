import { Link } from "react-router";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

/** "Message the supplier" about a helper: the conversation page (past the gate) for families, on any page that shows her. */
export function MessageSupplierLink({
  helperId,
  name,
  className = "button",
  label,
}: {
  helperId: string;
  name?: string;
  className?: string;
  /** Other words than "Message the supplier" (a direct hire is messaged herself). */
  label?: string;
}) {
  return (
    <Link to={localHref(`/posts/${helperId}/message`)} className={className} rel="nofollow">
      {label ?? m.conversations_message_supplier()}
      {name ? <span className="visually-hidden"> {m.conversations_about_name({ name })}</span> : null}
    </Link>
  );
}
