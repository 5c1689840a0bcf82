import { useState } from "react";
import { Link, NavLink } from "react-router";
import { displayPhone } from "../shared/format";
import { whatsappLink } from "../shared/whatsapp";
import { paths } from "../ui/paths";
import { useRootData } from "../ui/root-data";
import { ShortlistLink } from "../features/shortlist/components/shortlist-link";

export function SiteNav() {
  const { viewer, config, unreadMessages } = useRootData();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  const items = viewer
    ? [
        { to: paths.profile(viewer.id), label: viewer.name },
        { to: paths.createHelper(), label: "Create biodata" },
        { to: paths.suppliers(), label: "Overseas Suppliers" },
        { to: paths.dashboard(), label: "Dashboard" },
        { to: "/dashboard/messages", label: unreadMessages > 0 ? `Messages (${unreadMessages} unread)` : "Messages" },
        ...(viewer.role === "operator"
          ? [
              { to: "/admin/helpers", label: "All biodata" },
              { to: "/admin/suppliers", label: "Suppliers" },
              { to: "/admin/leads", label: "Leads" },
              { to: "/admin/outbox", label: "Outbox" },
              { to: "/admin/conversations", label: "Conversations" },
            ]
          : []),
        { to: paths.logout(), label: "Log out" },
      ]
    : [
        { to: paths.filters(), label: "Filters" },
        { to: paths.privacy(), label: "Privacy Policy" },
        { href: whatsappLink(config.contactPhone), label: `Contact ${displayPhone(config.contactPhone)}` },
        { to: paths.suppliers(), label: "Overseas Suppliers" },
        { to: paths.login(), label: "Log in" },
      ];

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="site-header-inner">
        {/* Its name is its visible text ("DH Direct Helpers"): a logo leading home needs no more. */}
        <Link to="/" className="logo" onClick={close}>
          <span className="logo-mark">DH</span> <span className="logo-text">{config.siteName}</span>
        </Link>
        <ShortlistLink onClick={close} />
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls="site-menu"
          onClick={() => setOpen((value) => !value)}
        >
          <span className="menu-icon" aria-hidden="true" />
          <span>Menu</span>
        </button>
        <nav id="site-menu" className={open ? "site-menu open" : "site-menu"} aria-label="Main">
          <ul>
            {items.map((item) => (
              <li key={item.label}>
                {"href" in item ? (
                  <a href={item.href} target="_blank" rel="noopener noreferrer" onClick={close}>
                    {item.label}
                  </a>
                ) : (
                  <NavLink to={item.to} onClick={close} end>
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
