/**
 * The limits of the /filters gate's fields, apart from the lead schema so the gate's page can
 * show them without taking the validation library into the browser.
 */
export const LEAD_LIMITS = {
  name: { max: 80 },
  phone: { max: 30 },
} as const;
