import { useRef, type MouseEvent } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { displayPhone } from "../shared/format";
import { whatsappLink } from "../shared/whatsapp";
import { paths } from "../ui/paths";
import { useRootData } from "../ui/root-data";
import { ShortlistLink } from "../features/shortlist/components/shortlist-link";
import { useShortlistInSpace } from "../features/shortlist/components/shortlist-store";
import { useLiveUnread } from "../features/conversations/components/inbox-live";
import { m } from "../shared/i18n/compiled/messages.js";
import { localHref } from "../shared/i18n/page-locale";
import { LanguageSwitch } from "./language-switch";

/** An operator's pages, under one "Operator" item so the header keeps one line on a laptop. */
const operatorItems = () => [
  { to: "/admin/helpers", label: m.app_nav_all_biodata() },
  { to: "/admin/suppliers", label: m.app_nav_suppliers() },
  { to: "/admin/ea-personnel", label: m.operator_nav_ea_personnel() },
  { to: "/admin/helper-accounts", label: m.operator_nav_helper_accounts() },
  { to: "/admin/leads", label: m.app_nav_leads() },
  { to: "/admin/outbox", label: m.app_nav_outbox() },
  { to: "/admin/conversations", label: m.app_nav_conversations() },
  { to: "/admin/jobs", label: m.app_nav_job_posts() },
  { to: "/admin/settings", label: m.operator_nav_settings() },
];

type MenuItem =
  { to: string; label: string } | { href: string; label: string } | { group: string; items: ReturnType<typeof operatorItems> };

export function SiteNav() {
  const { viewer, config, unreadMessages: rendered, family } = useRootData();
  // New messages count up here on every page, without a reload: a signed-in account's from
  // families, a family's (past the gate) from suppliers.
  const stream = viewer ? "inbox" : family?.live ? "family" : null;
  const unreadMessages = useLiveUnread(viewer ? rendered : (family?.unread ?? 0), stream);
  // A family's shortlist is its space's, the same on each of its devices.
  useShortlistInSpace(!viewer && family?.live === true);
  const { pathname } = useLocation();
  // The menu is a <details>: a tap opens it on a phone before the page's script has run, and
  // without any script. A chosen link folds it (the page changes under the header).
  const toggle = useRef<HTMLDetailsElement>(null);
  const close = () => toggle.current?.removeAttribute("open");
  // A link in the operator's submenu folds it too: the header stays while the page changes.
  const closeGroup = (event: MouseEvent<HTMLAnchorElement>) => {
    event.currentTarget.closest("details")?.removeAttribute("open");
    close();
  };

  const items: MenuItem[] = viewer
    ? [
        { to: paths.profile(viewer.id), label: viewer.name },
        { to: paths.createHelper(), label: m.app_nav_create_biodata() },
        { to: localHref(paths.suppliers()), label: m.app_nav_overseas_suppliers() },
        { to: paths.dashboard(), label: m.app_nav_dashboard() },
        {
          to: "/dashboard/messages",
          label: unreadMessages > 0 ? m.app_nav_messages_unread({ count: unreadMessages }) : m.app_nav_messages(),
        },
        ...(viewer.role === "operator" ? [{ group: m.app_nav_operator(), items: operatorItems() }] : []),
        { to: paths.logout(), label: m.app_nav_log_out() },
      ]
    : [
        ...(family
          ? [
              {
                to: localHref(paths.familySpace()),
                label: unreadMessages > 0 ? m.app_nav_space_unread({ count: unreadMessages }) : m.app_nav_space(),
              },
            ]
          : []),
        { to: localHref(paths.filters()), label: m.app_nav_filters() },
        { to: localHref("/jobs"), label: m.app_nav_jobs() },
        { to: localHref(paths.privacy()), label: m.app_nav_privacy_policy() },
        { href: whatsappLink(config.contactPhone), label: m.app_contact({ phone: displayPhone(config.contactPhone) }) },
        { to: localHref(paths.suppliers()), label: m.app_nav_overseas_suppliers() },
        { to: paths.login(), label: m.app_nav_log_in() },
      ];

  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {m.app_skip_to_content()}
      </a>
      <div className="site-header-inner">
        {/* Its name is its visible text ("DH Direct Helpers"): a logo leading home needs no more. */}
        <Link to={localHref("/")} className="logo" onClick={close}>
          <span className="logo-mark">DH</span> <span className="logo-text">{config.siteName}</span>
        </Link>
        {/* The header's Tab stops in the order it reads, on every width (decision 170): the skip
            link, the logo, the shortlist, the other language, then the menu. */}
        <ShortlistLink onClick={close} label={m.app_shortlist()} helpers={(count) => m.app_shortlist_helpers({ count })} />
        <LanguageSwitch />
        <details className="menu-toggle" ref={toggle}>
          <summary className="menu-button" aria-controls="site-menu">
            <span className="menu-icon" aria-hidden="true" />
            <span>{m.app_menu()}</span>
            {/* On a phone the menu is folded: its button carries the unread count, live like the menu's link. */}
            {(viewer || family) && unreadMessages > 0 ? (
              <span className="menu-count">
                <span aria-hidden="true">{unreadMessages}</span>
                <span className="visually-hidden">
                  {viewer ? m.app_nav_messages_unread({ count: unreadMessages }) : m.app_nav_space_unread({ count: unreadMessages })}
                </span>
              </span>
            ) : null}
          </summary>
        </details>
        <nav id="site-menu" className="site-menu" aria-label={m.app_nav_main()}>
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
