import { Link } from "react-router";
import { siteName } from "../../../ui/meta";
import { whatsappLink } from "../../../shared/whatsapp";
import { paths } from "../../../ui/paths";
import { useRootData } from "../../../ui/root-data";
import type { Route } from "./+types/privacy-policy";
import {
  CONTACT_RECORD_DAYS,
  BACKUP_RETENTION_DAYS,
  CONVERSATION_RETENTION_MONTHS,
  DELIVERED_NOTIFICATION_RETENTION_DAYS,
  LEAD_RETENTION_MONTHS,
} from "../../../shared/retention";
import { displayPhone } from "../../../shared/format";
import { pagePolicy } from "../../../shared/page-policy";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { RichMessage, slot } from "../components/rich-message";

/** The visitor cookie's name (src/server/http/visitor-cookie.ts), written as code: it is no word to translate. */
const VISITOR_COOKIE_NAME = "visitor";

export const policy = pagePolicy.shared("fixed", [], { sitemap: true });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.privacy_policy_title({ site: siteName(matches) }) },
  { name: "description", content: m.privacy_policy_description() },
];

export default function PrivacyPolicy() {
  const { config } = useRootData();
  const site = config.siteName;
  const phone = displayPhone(config.contactPhone);
  const contact = (
    <a href={whatsappLink(config.contactPhone)} target="_blank" rel="noopener noreferrer">
      {m.privacy_contact_whatsapp({ phone })}
    </a>
  );
  const cookie = <code>{VISITOR_COOKIE_NAME}</code>;
  const myData = localHref(paths.myData());
  return (
    <article className="policy" aria-labelledby="policy-heading">
      <h1 id="policy-heading">{m.privacy_policy_heading()}</h1>
      {/* The date is changed by hand whenever the text changes; never "today". */}
      <p className="policy-updated">{m.privacy_policy_updated({ date: m.privacy_policy_updated_date() })}</p>
      <p>{m.privacy_intro({ site })}</p>
      <ol className="policy-sections">
        <li>
          <h2>{m.privacy_collect_heading()}</h2>
          <p>
            <RichMessage
              text={m.privacy_collect_visitor({ name: slot("name"), phone: slot("phone"), cookie: slot("cookie") })}
              parts={{ name: <strong>{m.privacy_name()}</strong>, phone: <strong>{m.privacy_phone()}</strong>, cookie }}
            />
          </p>
          <p>{m.privacy_collect_suppliers()}</p>
        </li>
        <li>
          <h2>{m.privacy_pixel_heading()}</h2>
          <p>{m.privacy_pixel()}</p>
        </li>
        <li>
          <h2>{m.privacy_use_heading()}</h2>
          <p>{m.privacy_use()}</p>
        </li>
        <li>
          <h2>{m.privacy_sharing_heading()}</h2>
          <p>{m.privacy_sharing()}</p>
          <p>{m.privacy_job_posts()}</p>
        </li>
        <li>
          <h2>{m.privacy_rights_heading()}</h2>
          <p>
            <RichMessage
              text={m.privacy_rights({ link: slot("link"), contact: slot("contact"), cookie: slot("cookie") })}
              parts={{ link: <Link to={myData}>{m.privacy_rights_link()}</Link>, contact, cookie }}
            />
          </p>
        </li>
        <li>
          <h2>{m.privacy_ads_heading()}</h2>
          <p>{m.privacy_ads()}</p>
        </li>
        <li>
          <h2>{m.privacy_security_heading()}</h2>
          <p>{m.privacy_security()}</p>
        </li>
        <li>
          <h2>{m.privacy_keep_heading()}</h2>
          <p>
            {m.privacy_keep({
              leadMonths: LEAD_RETENTION_MONTHS,
              notificationDays: DELIVERED_NOTIFICATION_RETENTION_DAYS,
              contactDays: CONTACT_RECORD_DAYS,
            })}
          </p>
          <p>
            <RichMessage
              text={m.privacy_keep_conversations({ months: CONVERSATION_RETENTION_MONTHS, link: slot("link") })}
              parts={{ link: <a href={myData}>{m.privacy_your_data()}</a> }}
            />
          </p>
          <p>{m.privacy_keep_space({ months: CONVERSATION_RETENTION_MONTHS })}</p>
          <p>{m.privacy_keep_withdrawal({ backupDays: BACKUP_RETENTION_DAYS })}</p>
          <p>{m.privacy_keep_push()}</p>
          <p>{m.privacy_keep_blocks()}</p>
        </li>
        <li>
          <h2>{m.privacy_contact_heading()}</h2>
          <p>
            <RichMessage text={m.privacy_contact({ contact: slot("contact") })} parts={{ contact }} />
          </p>
        </li>
        <li>
          <h2>{m.privacy_changes_heading()}</h2>
          <p>{m.privacy_changes()}</p>
        </li>
      </ol>
      <p>
        <Link className="button" to={localHref(paths.home())}>
          {m.privacy_back_home()}
        </Link>
      </p>
    </article>
  );
}
