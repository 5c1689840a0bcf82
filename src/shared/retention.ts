/** How long personal data is kept; the privacy policy quotes these and the server enforces them. */
export const LEAD_RETENTION_MONTHS = 24;
/** A delivered notification still holds the lead's name and phone: kept only this many days. */
export const DELIVERED_NOTIFICATION_RETENTION_DAYS = 30;
/**
 * A family's contact with a supplier (helper, supplier, channel, their visitor record when they
 * gave their number), and views and shortlistings of a biodata: kept only as long as the
 * supplier's 30-day counts need them.
 */
export const CONTACT_RECORD_DAYS = 31;

/**
 * The site's backups (the nightly backup of the deployment guide) are deleted this many days
 * after they were made: a withdrawal's data leaves them then. The guide's timer keeps to it.
 */
export const BACKUP_RETENTION_DAYS = 30;

/** Conversations between a family and a supplier: removed this many months after their last message. */
export const CONVERSATION_RETENTION_MONTHS = 12;
