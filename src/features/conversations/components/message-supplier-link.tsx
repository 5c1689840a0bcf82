import { Link } from "react-router";

/** "Message the supplier" about a helper: the conversation page (past the gate) for families, on any page that shows her. */
export function MessageSupplierLink({ helperId, name, className = "button" }: { helperId: string; name?: string; className?: string }) {
  return (
    <Link to={`/posts/${helperId}/message`} className={className} rel="nofollow">
      Message the supplier{name ? <span className="visually-hidden"> about {name}</span> : null}
    </Link>
  );
}
