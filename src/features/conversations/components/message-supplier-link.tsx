import { Link } from "react-router";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

/** "Message the supplier" about a helper: the conversation page (past the gate) for families, on any page that shows her. */
export function MessageSupplierLink({ helperId, name, className = "button" }: { helperId: string; name?: string; className?: string }) {
  return (
    <Link to={localHref(`/posts/${helperId}/message`)} className={className} rel="nofollow">
      {m.conversations_message_supplier()}
      {name ? <span className="visually-hidden"> {m.conversations_about_name({ name })}</span> : null}
    </Link>
  );
}
