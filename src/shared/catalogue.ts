/**
 * The catalogue: every value a helper's catalogue fields may take, with the label people read,
 * the slug stored in the database and the spellings the original site put into links.
 * Client and server both read it, so a filter link and a stored record always agree.
 */

export interface CatalogueEntry<Slug extends string = string> {
  slug: Slug;
  label: string;
  /** Other spellings accepted from URLs and API calls (old site values, demonyms). */
  aliases?: readonly string[];
}

function entries<const T extends readonly CatalogueEntry[]>(list: T): T {
  return list;
}

export const nationalities = entries([
  { slug: "myanmar", label: "Myanmar", aliases: ["Burmese", "Burma"] },
  { slug: "india", label: "India", aliases: ["Indian"] },
  { slug: "indonesia", label: "Indonesia", aliases: ["Indonesian"] },
  {
    slug: "philippines",
    label: "Philippines",
    aliases: ["Filipines", "Philipino", "Phlipino", "Filipino", "Filipina", "Philippine"],
  },
]);

export const experiences = entries([
  { slug: "new-to-sg", label: "New to SG", aliases: ["New"] },
  { slug: "transfer", label: "Transfer" },
  { slug: "ex-singapore", label: "Ex-Singapore", aliases: ["Ex-Sin", "Ex-SG"] },
  { slug: "ex-middle-east", label: "Ex-Middle East", aliases: ["Ex-Arab"] },
  { slug: "ex-home-country", label: "Ex-Home country", aliases: ["Ex-Home"] },
]);

export const motherTongues = entries([
  { slug: "burmese", label: "Burmese" },
  { slug: "tamil", label: "Tamil" },
  { slug: "punjabi", label: "Punjabi" },
  { slug: "mizo", label: "Mizo" },
  { slug: "nepali", label: "Nepali" },
  { slug: "malayalam", label: "Malayalam" },
  { slug: "telugu", label: "Telugu" },
  { slug: "gujarati", label: "Gujarati", aliases: ["Gujrati"] },
  { slug: "bahasa-indonesia", label: "Bahasa Indonesia", aliases: ["Bahasa", "Indonesian language"] },
  { slug: "javanese", label: "Javanese" },
  { slug: "tagalog", label: "Tagalog", aliases: ["Filipino language"] },
  { slug: "visayan", label: "Visayan", aliases: ["Cebuano", "Bisaya"] },
]);

/**
 * The languages she speaks besides her mother tongue, each with a level (`languageLevels`, the
 * levels of `englishLevels`; English's level is its own field). Mandarin and the Chinese dialects
 * a Singapore household asks for are values of their own (decision 134): "Chinese", the old
 * value, now means Mandarin, so old links and API calls still find the same helpers.
 */
export const otherLanguages = entries([
  { slug: "english", label: "English (fair or better)", aliases: ["Fair English", "English"] },
  { slug: "mandarin", label: "Mandarin", aliases: ["Chinese", "Chinese (Mandarin)", "Putonghua", "Huayu"] },
  { slug: "cantonese", label: "Cantonese", aliases: ["Yue"] },
  { slug: "hokkien", label: "Hokkien", aliases: ["Minnan", "Min Nan", "Hokkienese"] },
  { slug: "teochew", label: "Teochew", aliases: ["Teochiu", "Chaozhou"] },
  { slug: "hakka", label: "Hakka", aliases: ["Khek"] },
  { slug: "hainanese", label: "Hainanese", aliases: ["Hainan"] },
  { slug: "malay", label: "Malay" },
  { slug: "hindi", label: "Hindi" },
]);

export const maritalStatuses = entries([
  { slug: "single", label: "Single" },
  { slug: "married", label: "Married" },
  {
    slug: "married-with-children",
    label: "Married with children",
    aliases: ["Married w kids", "Married with kids"],
  },
  { slug: "divorced", label: "Divorced" },
  { slug: "widowed", label: "Widowed" },
  { slug: "separated", label: "Separated" },
]);

export const religions = entries([
  { slug: "christian", label: "Christian" },
  { slug: "catholic", label: "Catholic" },
  { slug: "buddhist", label: "Buddhist" },
  { slug: "hindu", label: "Hindu" },
  { slug: "muslim", label: "Muslim", aliases: ["Islam"] },
  { slug: "sikh", label: "Sikh" },
  { slug: "other", label: "Other" },
]);

/**
 * The kinds of care, one list for the filter, the card and the standard form's skills table:
 * `area` is the same care's row in the skills table (biodata-catalogue.ts builds its care rows
 * from here) and `areaLabel` that row's words. A helper offers a care when her biodata lists it
 * or records experience in its row (decision 105), so "Elderly care" and "Care of the elderly"
 * find the same helpers. Bedridden care is a care of its own, not a kind of elderly or disabled
 * care: turning, bed baths and feeding someone who cannot get up, whatever their age; a family
 * that needs it asks for it, and `care=elder` does not find it (decision 105).
 */
export const cares = entries([
  {
    slug: "infant",
    label: "Infant care",
    aliases: ["Infant", "Infantcare", "Baby", "Care of infants"],
    area: "infant",
    areaLabel: "Care of infants",
    detail: "Age range",
  },
  {
    slug: "child",
    label: "Child care",
    aliases: ["Child", "Childcare", "Children", "Care of children"],
    area: "child",
    areaLabel: "Care of children",
    detail: "Age range",
  },
  {
    slug: "elder",
    label: "Elderly care",
    aliases: ["Elder", "Eldercare", "Elderly", "Care of the elderly"],
    area: "elderly",
    areaLabel: "Care of the elderly",
  },
  {
    slug: "disabled",
    label: "Disabled care",
    aliases: ["Disabled", "Disabledcare", "Care of the disabled"],
    area: "disabled",
    areaLabel: "Care of the disabled",
  },
  {
    slug: "bedridden",
    label: "Bedridden care",
    aliases: ["Bedridden", "Bedbound", "Care of the bedridden"],
    area: "bedridden",
    areaLabel: "Care of the bedridden",
  },
]);

/** The skills table's row of a care ("elder" → "elderly"). */
export function careArea(care: string): string | undefined {
  return cares.find((entry) => entry.slug === care)?.area;
}

/** The care a skills table's row is ("elderly" → "elder"); undefined for a row that is not a care. */
export function careOfArea(area: string): Care | undefined {
  return cares.find((entry) => entry.area === area)?.slug;
}

/** The cares a biodata offers: those it lists and those it records experience in, in the catalogue's order. */
export function offeredCares(listed: readonly string[], experiencedAreas: readonly string[]): Care[] {
  return cares.filter((entry) => listed.includes(entry.slug) || experiencedAreas.includes(entry.area)).map((entry) => entry.slug);
}

export const educations = entries([
  { slug: "primary", label: "Primary" },
  { slug: "secondary", label: "Secondary" },
  { slug: "high-school", label: "High school" },
  { slug: "diploma", label: "Diploma" },
  { slug: "degree", label: "Degree" },
]);

/**
 * English level is shown on every card ("English"); the filter uses `otherLanguages`. The same
 * four levels are each other language's (`languageLevels`, decision 134).
 */
export const englishLevels = entries([
  { slug: "basic", label: "Basic" },
  { slug: "fair", label: "Fair" },
  { slug: "good", label: "Good" },
  { slug: "fluent", label: "Fluent" },
]);

export const helperStatuses = entries([
  { slug: "available", label: "Available" },
  { slug: "reserved", label: "Reserved" },
  { slug: "hired", label: "Hired" },
  { slug: "draft", label: "Draft" },
]);

/**
 * The care groups the original filter offered (`neg`): each option finds helpers offering
 * any of its care types.
 */
export const careGroups = [
  { value: "Infant,Child", label: "Infant or child care", cares: ["infant", "child"] },
  { value: "Child,Elder", label: "Child or elderly care", cares: ["child", "elder"] },
  { value: "Eldercare", label: "Elderly care", cares: ["elder"] },
  { value: "Disabled", label: "Disabled care", cares: ["disabled"] },
  { value: "Bedridden", label: "Bedridden care", cares: ["bedridden"] },
] as const;

export const catalogue = {
  nationality: nationalities,
  experience: experiences,
  motherTongue: motherTongues,
  language: otherLanguages,
  marital: maritalStatuses,
  religion: religions,
  care: cares,
  education: educations,
  english: englishLevels,
  status: helperStatuses,
} as const;

export type CatalogueName = keyof typeof catalogue;
export type SlugOf<N extends CatalogueName> = (typeof catalogue)[N][number]["slug"];

export type Nationality = SlugOf<"nationality">;
export type Experience = SlugOf<"experience">;
export type MotherTongue = SlugOf<"motherTongue">;
export type OtherLanguage = SlugOf<"language">;
export type Marital = SlugOf<"marital">;
export type Religion = SlugOf<"religion">;
export type Care = SlugOf<"care">;
export type Education = SlugOf<"education">;
export type EnglishLevel = SlugOf<"english">;
export type HelperStatus = SlugOf<"status">;
export type LanguageLevel = EnglishLevel;
/** Her level in each language she speaks but English (whose level is `english`); a language left out: not stated. */
export type LanguageLevels = Partial<Record<OtherLanguage, LanguageLevel>>;

/** Folds case, spaces, hyphens and dots so "Ex-Sin", "ex sin" and "EX_SIN" all meet. */
export function normaliseKey(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[\s_.-]+/g, "");
}

const lookups = new Map<CatalogueName, Map<string, string>>();
for (const [name, list] of Object.entries(catalogue) as [CatalogueName, readonly CatalogueEntry[]][]) {
  const map = new Map<string, string>();
  for (const entry of list) {
    for (const key of [entry.slug, entry.label, ...(entry.aliases ?? [])]) {
      map.set(normaliseKey(key), entry.slug);
    }
  }
  lookups.set(name, map);
}

/** Resolves a label, slug or alias (any case) to its slug; undefined when it is not in the catalogue. */
export function resolveSlug<N extends CatalogueName>(name: N, value: string): SlugOf<N> | undefined {
  return lookups.get(name)?.get(normaliseKey(value)) as SlugOf<N> | undefined;
}

export function slugsOf<N extends CatalogueName>(name: N): [SlugOf<N>, ...SlugOf<N>[]] {
  return catalogue[name].map((entry) => entry.slug) as [SlugOf<N>, ...SlugOf<N>[]];
}

/** The English label of a stored slug, for what is not read by people on a page (analytics). */
export function englishLabelOf(name: CatalogueName, slug: string): string {
  return (catalogue[name] as readonly CatalogueEntry[]).find((e) => e.slug === slug)?.label ?? slug;
}
