/**
 * The features of the site, each plugged in by the definition its index.ts exports
 * (docs/decisions/191-how-a-feature-plugs-in.md). Their services are made in this order: one
 * may ask for an earlier one's.
 */
import { alertsFeature } from "../features/alerts/feature";
import { accountsFeature } from "../features/accounts/feature";
import { contactsFeature } from "../features/contacts/feature";
import { conversationsFeature } from "../features/conversations/feature";
import { helpersFeature } from "../features/helpers/feature";
import { jobsFeature } from "../features/jobs/feature";
import { leadsFeature } from "../features/leads/feature";
import { mediaFeature } from "../features/media/feature";
import { notificationsFeature } from "../features/notifications/feature";
import { operatorFeature } from "../features/operator/feature";
import { pdfFeature } from "../features/pdf/feature";
import { pushFeature } from "../features/push/feature";
import { seoFeature } from "../features/seo/feature";
import { shortlistFeature } from "../features/shortlist/feature";
import { suppliersFeature } from "../features/suppliers/feature";

export const siteFeatures = [
  mediaFeature,
  helpersFeature,
  pdfFeature,
  seoFeature,
  suppliersFeature,
  accountsFeature,
  leadsFeature,
  operatorFeature,
  contactsFeature,
  // Before conversations, whose notices ask which families and accounts have a browser to tell.
  pushFeature,
  conversationsFeature,
  shortlistFeature,
  alertsFeature,
  jobsFeature,
  notificationsFeature,
] as const;
