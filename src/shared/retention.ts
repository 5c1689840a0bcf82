/** How long personal data is kept; the privacy policy quotes these and the server enforces them. */
export const LEAD_RETENTION_MONTHS = 24;
/** A delivered notification still holds the lead's name and phone: kept only this many days. */
export const DELIVERED_NOTIFICATION_RETENTION_DAYS = 30;
/** Conversations between a family and a supplier: removed this many months after their last message. */
export const CONVERSATION_RETENTION_MONTHS = 12;
