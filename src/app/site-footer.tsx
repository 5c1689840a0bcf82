import { Link } from "react-router";
import { displayPhone } from "../shared/format";
import { whatsappLink } from "../shared/whatsapp";
import { paths } from "../ui/paths";
import { useRootData } from "../ui/root-data";
import { m } from "../shared/i18n/compiled/messages.js";
import { localHref } from "../shared/i18n/page-locale";

const YEAR = new Date().getFullYear();

export function SiteFooter() {
  const { config } = useRootData();
  return (
    <footer className="site-footer">
      <nav aria-label={m.app_footer()}>
        <Link to={localHref(paths.privacy())}>{m.app_nav_privacy_policy()}</Link>
        <Link to={localHref(paths.myData())}>{m.app_your_data()}</Link>
        <Link to={localHref(paths.suppliers())}>{m.app_nav_overseas_suppliers()}</Link>
        <a href={whatsappLink(config.contactPhone)} target="_blank" rel="noopener noreferrer">
          {m.app_contact({ phone: displayPhone(config.contactPhone) })}
        </a>
      </nav>
      <p>
        © {YEAR} {config.siteName}
      </p>
    </footer>
  );
}
