import { directHireReasonLabel } from "../../../shared/biodata-catalogue";
import { formatBirthDate, formatSingaporeDay } from "../../../shared/format";
import type { HelperRecord } from "../../../shared/helper-types";
import { identityDocumentLabel, type IdentityCheck } from "../../../shared/identity-documents";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";

/** MOM's own pages for what an employer does when hiring without an agency: linked, never restated. */
const MOM_WORK_PERMIT = "https://www.mom.gov.sg/passes-and-permits/work-permit-for-foreign-domestic-worker";
export const EMPLOYER_STEPS = [
  { words: () => m.helpers_direct_step_permit(), href: `${MOM_WORK_PERMIT}/apply-for-a-work-permit` },
  { words: () => m.helpers_direct_step_eop(), href: `${MOM_WORK_PERMIT}/eligibility-and-requirements/employers-orientation-programme` },
  { words: () => m.helpers_direct_step_sip(), href: `${MOM_WORK_PERMIT}/eligibility-and-requirements/settling-in-programme` },
  { words: () => m.helpers_direct_step_insurance(), href: `${MOM_WORK_PERMIT}/eligibility-and-requirements/insurance-requirements` },
  { words: () => m.helpers_direct_step_bond(), href: `${MOM_WORK_PERMIT}/eligibility-and-requirements/security-bond` },
  { words: () => m.helpers_direct_step_levy(), href: `${MOM_WORK_PERMIT}/foreign-domestic-worker-levy` },
] as const;

/**
 * A direct hire's page, where an agency's shows its supplier block (decision 197): that she is
 * reached only through the site, why she is free to be hired directly, whether the site checked
 * her identity, and what the employer then does, with MOM's own pages.
 */
export function DirectHireBlock({
  helper,
  identity,
  siteName,
}: {
  helper: Pick<HelperRecord, "id" | "name" | "directHireReason" | "employerConsent" | "releaseDate">;
  identity: IdentityCheck | null;
  siteName: string;
}) {
  return (
    <section className="direct-hire" aria-labelledby="direct-hire-heading">
      <h2 id="direct-hire-heading">{m.shared_hire({ kind: "direct" })}</h2>
      <p>{m.helpers_direct_reached({ name: helper.name, site: siteName })}</p>
      <dl className="facts">
        {helper.directHireReason ? (
          <div>
            <dt>{m.helpers_direct_why()}</dt>
            <dd>
              {directHireReasonLabel(helper.directHireReason)}
              {helper.releaseDate
                ? ` · ${m.helpers_direct_release({ date: formatBirthDate(helper.releaseDate) ?? helper.releaseDate })}`
                : ""}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{m.helpers_direct_identity()}</dt>
          <dd className={identity ? "identity-checked" : "identity-unchecked"}>
            {identity
              ? m.helpers_direct_identity_checked({
                  site: siteName,
                  date: formatSingaporeDay(identity.checkedAt),
                  document: identityDocumentLabel(identity.documentKind),
                })
              : m.helpers_direct_identity_unchecked()}
          </dd>
        </div>
      </dl>
      <h3>{m.helpers_direct_employer_heading()}</h3>
      <p>{m.helpers_direct_no_fee({ site: siteName })}</p>
      <ul className="employer-steps">
        {EMPLOYER_STEPS.map((step) => (
          <li key={step.href}>
            <a href={step.href} target="_blank" rel="noopener noreferrer">
              {step.words()}
            </a>
          </li>
        ))}
      </ul>
      <p className="direct-hire-report">
        <a href={localHref(`/posts/${helper.id}/report`)}>{m.helpers_direct_report()}</a>
      </p>
    </section>
  );
}
