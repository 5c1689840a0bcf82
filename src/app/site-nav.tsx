import { useState, type MouseEvent } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { displayPhone } from "../shared/format";
import { whatsappLink } from "../shared/whatsapp";
import { paths } from "../ui/paths";
import { useRootData } from "../ui/root-data";
import { ShortlistLink } from "../features/shortlist/components/shortlist-link";

/** An operator's pages, under one "Operator" item so the header keeps one line on a laptop. */
const OPERATOR_ITEMS = [
  { to: "/admin/helpers", label: "All biodata" },
  { to: "/admin/suppliers", label: "Suppliers" },
  { to: "/admin/leads", label: "Leads" },
  { to: "/admin/outbox", label: "Outbox" },
  { to: "/admin/conversations", label: "Conversations" },
];

type MenuItem = { to: string; label: string } | { href: string; label: string } | { group: string; items: typeof OPERATOR_ITEMS };

export function SiteNav() {
  const { viewer, config, unreadMessages } = useRootData();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  // A link in the operator's submenu folds it too: the header stays while the page changes.
  const closeGroup = (event: MouseEvent<HTMLAnchorElement>) => {
    event.currentTarget.closest("details")?.removeAttribute("open");
    close();
  };

  const items: MenuItem[] = viewer
    ? [
        { to: paths.profile(viewer.id), label: viewer.name },
        { to: paths.createHelper(), label: "Create biodata" },
        { to: paths.suppliers(), label: "Overseas Suppliers" },
        { to: paths.dashboard(), label: "Dashboard" },
        { to: "/dashboard/messages", label: unreadMessages > 0 ? `Messages (${unreadMessages} unread)` : "Messages" },
        ...(viewer.role === "operator" ? [{ group: "Operator", items: OPERATOR_ITEMS }] : []),
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
            {items.map((item) =>
              "group" in item ? (
                // A <details> opens without JavaScript; on a phone it unfolds inside the menu.
                <li key={item.group} className="menu-group">
                  <details>
                    <summary className={pathname.startsWith("/admin/") ? "current" : undefined}>{item.group}</summary>
                    <ul>
                      {item.items.map((link) => (
                        <li key={link.to}>
                          <NavLink to={link.to} onClick={closeGroup} end>
                            {link.label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ) : (
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
              ),
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
