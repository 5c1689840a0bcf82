import { Link } from "react-router";
import { siteName } from "../../../ui/meta";
import { whatsappLink } from "../../../shared/whatsapp";
import { paths } from "../../../ui/paths";
import { useRootData } from "../../../ui/root-data";
import type { Route } from "./+types/privacy-policy";
import {
  CONTACT_RECORD_DAYS,
  CONVERSATION_RETENTION_MONTHS,
  DELIVERED_NOTIFICATION_RETENTION_DAYS,
  LEAD_RETENTION_MONTHS,
} from "../../../shared/retention";
import { displayPhone } from "../../../shared/format";
import { pagePolicy } from "../../../shared/page-policy";

export const policy = pagePolicy.shared("fixed", [], { sitemap: true });

/** Changed by hand whenever the text below changes; never "today". */
const PRIVACY_POLICY_UPDATED = "25 November 2026";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Privacy Policy — ${siteName(matches)}` },
  {
    name: "description",
    content:
      "What we collect when you use our helper filters (your name and phone number), how the advertising pixel is used, who we share it with, how long we keep it and how to ask us to delete it.",
  },
];

export default function PrivacyPolicy() {
  const { config } = useRootData();
  const site = config.siteName;
  const phone = displayPhone(config.contactPhone);
  const contact = (
    <a href={whatsappLink(config.contactPhone)} target="_blank" rel="noopener noreferrer">
      {phone} on WhatsApp
    </a>
  );
  return (
    <article className="policy" aria-labelledby="policy-heading">
      <h1 id="policy-heading">Privacy Policy</h1>
      <p className="policy-updated">Last updated: {PRIVACY_POLICY_UPDATED}</p>
      <p>
        {site} helps households in Singapore find domestic helpers. This policy explains what we learn about you when you use the site, and
        what we do with it. We follow Singapore's Personal Data Protection Act 2012.
      </p>
      <ol className="policy-sections">
        <li>
          <h2>Information we collect</h2>
          <p>
            When you use our filters we ask for your <strong>name</strong> and <strong>phone number</strong> (the visitor form). We keep
            them with the dates of your first and latest visit and how many times you filled in the form. Your browser then keeps a cookie
            named <code>visitor</code> with your name and number for 30 days, so you do not have to fill in the form again; only our server
            reads it. Your filter choices stay in your browser for the current tab only.
          </p>
          <p>
            Suppliers who sign up give us their name, e-mail address, password (stored only as a secure hash), an optional picture and the
            helper biodata they publish. Logging in sets a session cookie. Our servers also record technical data such as your IP address
            for security and to limit abuse.
          </p>
        </li>
        <li>
          <h2>Advertising pixel</h2>
          <p>
            When we run advertising, our pages load the Meta (Facebook) pixel. It tells Meta that a page was viewed, that a helper's biodata
            was opened (the helper's name and nationality) and that the visitor form was sent. It does not send your name or phone number.
            Meta may combine this with what it knows about your Meta account under its own data policy. When the pixel is switched off, none
            of its code is on our pages.
          </p>
        </li>
        <li>
          <h2>How we use your information</h2>
          <p>
            We use your name and number to call or message you about the helpers you are looking for, to follow up your enquiry, and to
            count how well our site and advertising work. We do not use them for anything else without asking you first.
          </p>
        </li>
        <li>
          <h2>Sharing</h2>
          <p>
            We do not sell your personal data. When you send the visitor form, our support team is told by e-mail and, when we use it, a
            Telegram message. When you contact a supplier through WhatsApp, Telegram or web chat, you talk to them directly on that service
            (or to us, where a supplier has given us no number, and the page says so). We note which helper you asked about, the supplier,
            the button and, if you gave us your number, your visitor record, so that we can follow up your enquiry; the supplier sees only
            how many families asked. When you open or shortlist a biodata we count it for its supplier, keeping nothing about you with the
            count. We share data with our hosting and messaging providers only to run the site, and with authorities only when the law
            requires it.
          </p>
        </li>
        <li>
          <h2>Your rights</h2>
          <p>
            You may ask us what we hold about you, correct it, or have it deleted. You may withdraw your consent at any time on{" "}
            <Link to={paths.myData()}>your data</Link>, which also lists the helpers you asked about: from the browser you gave your number
            in, we delete your visitor record at once, and the notes of your contacts with suppliers lose their link to you; otherwise, or
            if you message us at {contact} with the number you gave, we delete it within 30 days. Either way we stop contacting you. Delete
            the <code>visitor</code> cookie in your browser's settings to be asked for your details again.
          </p>
        </li>
        <li>
          <h2>Ad controls</h2>
          <p>
            You can choose which ads you see and stop Meta from using activity from other sites in your Meta account's ad preferences and
            its “Your activity off Meta technologies” settings. Blocking third-party cookies or trackers in your browser also stops the
            pixel.
          </p>
        </li>
        <li>
          <h2>Security</h2>
          <p>
            The site is served over an encrypted connection. Only our operators can see visitor records, after logging in; passwords are
            stored as hashes that cannot be read back. No system is perfectly safe, and we tell you and the authorities as the law requires
            if your data is ever exposed.
          </p>
        </li>
        <li>
          <h2>How long we keep it</h2>
          <p>
            We keep a visitor record for {LEAD_RETENTION_MONTHS} months after your latest visit, then delete it; the copy in our
            notification to support is deleted {DELIVERED_NOTIFICATION_RETENTION_DAYS} days after it reached us. The cookie in your browser
            expires 30 days after you last sent the form. The note of each contact with a supplier is deleted after {CONTACT_RECORD_DAYS}{" "}
            days, and at once loses its link to you when your visitor record is deleted. Supplier accounts are kept until the supplier asks
            us to close them.
          </p>
          <p>
            When you message a supplier on this site, we keep the conversation (your messages and theirs, your name, number and the e-mail
            you gave) so both of you can read it, and our operators can act on a message reported to them. A conversation is deleted{" "}
            {CONVERSATION_RETENTION_MONTHS} months after its last message, and at once, with all your conversations, when you withdraw your
            consent on the <a href="/privacy/my-data">Your data</a> page. Your conversations are listed there too.
          </p>
        </li>
        <li>
          <h2>Contact us</h2>
          <p>For any question about your data, or to use your rights, message {contact}.</p>
        </li>
        <li>
          <h2>Changes to this policy</h2>
          <p>
            When we change this policy we publish the new text here with a new “Last updated” date. If a change affects how we use data you
            already gave us, we ask for your consent again.
          </p>
        </li>
      </ol>
      <p>
        <Link className="button" to={paths.home()}>
          Back to Home
        </Link>
      </p>
    </article>
  );
}
