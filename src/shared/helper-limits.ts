/**
 * The limits of a helper's biodata, apart from the schema that enforces them, so the form can
 * show them (min, max, hints) without taking the validation library into the browser.
 */
export const HELPER_LIMITS = {
  name: { max: 80 },
  salary: { min: 300, max: 3000 },
  offDays: { min: 0, max: 8 },
  heightCm: { min: 120, max: 200 },
  weightKg: { min: 30, max: 150 },
  age: { min: 18, max: 60 },
  shortText: { max: 200 },
  /** Rich text, images included: enough for a long biodata, small enough to list and send. */
  specialNotes: { max: 50_000 },
} as const;

/** Photos as the uploader takes them: checked again by content on the server. */
export const PHOTO_UPLOAD = {
  maxBytes: 8 * 1024 * 1024,
  maxLabel: "8 MB",
  accept: ".png,.jpg,.jpeg,.jfif,.webp,image/png,image/jpeg,image/webp",
} as const;
