import type { LicenceStatus } from "./licence";
/**
 * What the API and the pages answer about helpers. Catalogue fields carry slugs (labels come
 * from the shared catalogue), dates are ISO strings.
 */
import type {
  Care,
  Education,
  EnglishLevel,
  Experience,
  HelperStatus,
  LanguageLevels,
  Marital,
  MotherTongue,
  Nationality,
  OtherLanguage,
  Religion,
} from "./catalogue";
import type { HireKind } from "./listing-query";
import type { BiodataGated, BiodataPrivate, BiodataPublic } from "./biodata-types";

export interface PhotoUrls {
  url: string;
  thumbUrl: string;
}

export interface SupplierSummary {
  id: string;
  name: string;
  image: string | null;
  /** The supplier's WhatsApp: their phone as international digits; null when they gave none. */
  whatsapp: string | null;
  /** Their Telegram user name (no @); null when not set. */
  telegram: string | null;
}

export interface HelperCard {
  id: string;
  ref: string;
  name: string;
  nationality: Nationality;
  experience: Experience;
  salary: number;
  offDays: number;
  cares: Care[];
  /** Her age today; the date of birth itself is gated (BiodataGated). */
  age: number | null;
  heightCm: number | null;
  weightKg: number | null;
  marital: Marital;
  childrenAges: string | null;
  religion: Religion;
  english: EnglishLevel | null;
  motherTongue: MotherTongue;
  /** The languages she speaks besides her mother tongue (the filter's `language`). */
  otherLanguages: OtherLanguage[];
  /** Her level in each of them but English (whose level is `english`); one left out: not stated. */
  languageLevels: LanguageLevels;
  photo: PhotoUrls | null;
  /** Her owner: an agency (or overseas supplier), or the helper herself (`direct`), reached only through the site. */
  supplier: SupplierSummary;
  hire: HireKind;
  publishedAt: string;
  /** YYYY-MM-DD; null: available now. */
  availableFrom: string | null;
}

export interface HelperRecord extends HelperCard, BiodataPublic {
  singaporeExperience: string | null;
  education: Education | null;
  specialNotes: string;
  status: HelperStatus;
  /** The stored photo's key, as sent back in `photo` when the record is edited. */
  photoKey: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A biodata as a family past the gate sees it: with the medical history and date of birth. */
export interface GatedHelperRecord extends HelperRecord, BiodataGated {}

/** A biodata as its owner and operators see it: with the gated and the private details. */
export interface OwnedHelperRecord extends GatedHelperRecord {
  privateDetails: BiodataPrivate;
  /** The agency's EA personnel this biodata names; null: its first registered (decision 163). */
  eaPersonnelId: string | null;
}

export interface HelperPage {
  items: HelperCard[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SupplierListItem extends Omit<SupplierSummary, "whatsapp" | "telegram"> {
  companyName: string | null;
  availableHelpers: number;
  /** The employment agency's MOM licence (e.g. 19C9871), once an operator checked it; null before and for an overseas supplier. */
  eaLicenceNumber: string | null;
  /** Whether a licence is claimed and checked (decision 100). */
  licenceStatus: LicenceStatus;
  /** When the licence was checked (ISO), if it was. */
  licenceCheckedAt: string | null;
  /** Formatted for reading: "+65 6234 5678". */
  phone: string | null;
  /** When the supplier joined (ISO). */
  since: string;
}
