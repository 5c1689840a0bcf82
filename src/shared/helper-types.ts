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
  Marital,
  MotherTongue,
  Nationality,
  OtherLanguage,
  Religion,
} from "./catalogue";

export interface PhotoUrls {
  url: string;
  thumbUrl: string;
}

export interface SupplierSummary {
  id: string;
  name: string;
  image: string | null;
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
  age: number | null;
  dateOfBirth: string;
  heightCm: number | null;
  weightKg: number | null;
  marital: Marital;
  childrenAges: string | null;
  religion: Religion;
  english: EnglishLevel | null;
  motherTongue: MotherTongue;
  photo: PhotoUrls | null;
  supplier: SupplierSummary;
  publishedAt: string;
}

export interface HelperRecord extends HelperCard {
  singaporeExperience: string | null;
  otherLanguages: OtherLanguage[];
  education: Education | null;
  specialNotes: string;
  status: HelperStatus;
  /** The stored photo's key, as sent back in `photo` when the record is edited. */
  photoKey: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface HelperPage {
  items: HelperCard[];
  total: number;
  page: number;
  pageSize: number;
}

export interface SupplierListItem extends SupplierSummary {
  companyName: string | null;
  availableHelpers: number;
}
