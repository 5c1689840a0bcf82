import { Link } from "react-router";
import { displayPhone } from "../shared/format";
import { whatsappLink } from "../shared/whatsapp";
import { paths } from "../ui/paths";
import { useRootData } from "../ui/root-data";

const YEAR = new Date().getFullYear();

export function SiteFooter() {
  const { config } = useRootData();
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <Link to={paths.privacy()}>Privacy Policy</Link>
        <Link to={paths.myData()}>Your Data</Link>
        <Link to={paths.suppliers()}>Overseas Suppliers</Link>
        <a href={whatsappLink(config.contactPhone)} target="_blank" rel="noopener noreferrer">
          Contact {displayPhone(config.contactPhone)}
        </a>
      </nav>
      <p>
        © {YEAR} {config.siteName}
      </p>
    </footer>
  );
}
