/**
 * Demo biodata: believable helpers drawn from a seed, so that every catalogue value is held by
 * at least one available helper and every filter finds someone. Each helper is drawn in two
 * steps: who she is (origin, faith, name, languages, cares, experience), then, once the list's
 * coverage is settled, what follows from it (birthplace, jobs, skills, diet, notes), so that
 * nothing said in one place is contradicted in another. demo-check.ts then reads every helper
 * as a careful family would and refuses a contradiction.
 */
import {
  slugsOf,
  type Care,
  type Education,
  type EnglishLevel,
  type Experience,
  type LanguageLevel,
  type LanguageLevels,
  type Marital,
  type MotherTongue,
  type Nationality,
  type OtherLanguage,
  type Religion,
} from "../../../shared/catalogue";
import { formatIsoDate } from "../../../shared/age";
import { demoBiodata, jobMonths, type DemoBiodata, type DrawnCare } from "./demo-biodata";
import { pick, seededRandom, type Random } from "./portraits";

/** A name that tells a faith (a family would notice "Manpreet Kaur, Muslim"); unlisted names fit any. */
export const NAME_FAITHS: Record<string, Religion[]> = {
  Siti: ["muslim"],
  Nur: ["muslim"],
  Fitri: ["muslim"],
  Aisyah: ["muslim"],
  Fathima: ["muslim"],
  Ayesha: ["muslim"],
  Begum: ["muslim"],
  Manpreet: ["sikh"],
  Harpreet: ["sikh"],
  Kaur: ["sikh"],
  Thomas: ["christian", "catholic"],
  Joseph: ["christian", "catholic"],
  Lalremruati: ["christian", "catholic"],
};

/** The faith a mother tongue all but settles (Punjabi-speaking Sikhs; the Mizo are Christian). */
const TONGUE_FAITHS: Partial<Record<MotherTongue, Religion[]>> = { mizo: ["christian", "catholic"] };

interface Origin {
  nationality: Nationality;
  religions: Religion[];
  /** Mother tongues by faith: a Sikh from India speaks Punjabi. */
  tongues: (religion: Religion) => MotherTongue[];
  givenNames: string[];
  familyNames: string[];
  homeCountry: string;
}

const ORIGINS: Origin[] = [
  {
    nationality: "philippines",
    religions: ["catholic", "christian", "catholic", "other"],
    tongues: () => ["tagalog", "visayan"],
    givenNames: [
      "Maria",
      "Jennifer",
      "Rowena",
      "Analyn",
      "Marites",
      "Jocelyn",
      "Lorna",
      "Gemma",
      "Rosalie",
      "Cristina",
      "Aileen",
      "Evelyn",
    ],
    familyNames: ["Santos", "Reyes", "Dela Cruz", "Bautista", "Garcia", "Mendoza", "Villanueva", "Ramos", "Aquino", "Navarro"],
    homeCountry: "the Philippines",
  },
  {
    nationality: "indonesia",
    religions: ["muslim", "muslim", "christian", "catholic", "muslim", "buddhist"],
    tongues: () => ["javanese", "bahasa-indonesia"],
    givenNames: ["Siti", "Sri", "Dewi", "Nur", "Rina", "Wulan", "Yuni", "Ratna", "Ani", "Aisyah", "Fitri", "Indah"],
    familyNames: ["Wahyuni", "Lestari", "Aini", "Rahayu", "Susanti", "Handayani", "Kartika", "Pratiwi", "Sari", "Utami"],
    homeCountry: "Indonesia",
  },
  {
    nationality: "myanmar",
    religions: ["buddhist", "christian", "buddhist", "muslim", "other"],
    tongues: (religion) => (religion === "christian" ? ["mizo", "burmese"] : ["burmese"]),
    givenNames: [
      "Aye Aye",
      "Thandar",
      "Su Su",
      "Khin Myat",
      "Zin Mar",
      "Nilar",
      "May Thu",
      "Hnin Wai",
      "Ei Ei",
      "Lalremruati",
      "Moe Moe",
      "Thida",
    ],
    familyNames: ["Mon", "Win", "Hlaing", "Noe", "Oo", "Aung", "Kyaw", "Htwe", "Zaw", "Myint"],
    homeCountry: "Myanmar",
  },
  {
    nationality: "india",
    religions: ["hindu", "christian", "sikh", "muslim", "catholic", "hindu"],
    tongues: (religion) =>
      religion === "sikh"
        ? ["punjabi"]
        : religion === "christian" || religion === "catholic"
          ? ["malayalam", "tamil"]
          : ["tamil", "nepali", "malayalam", "telugu", "gujarati"],
    givenNames: ["Priya", "Lakshmi", "Manpreet", "Harpreet", "Anjali", "Deepa", "Sunita", "Fathima", "Ayesha", "Selvi", "Kavitha", "Meena"],
    familyNames: ["Kumari", "Devi", "Kaur", "Nair", "Rai", "Patel", "Reddy", "Begum", "Thomas", "Joseph"],
    homeCountry: "India",
  },
];

/** Who she is: drawn first, and what the list's coverage may still change. */
export interface DemoIdentity {
  origin: number;
  name: string;
  nationality: Nationality;
  experience: Experience;
  salary: number;
  offDays: number;
  dateOfBirth: string;
  heightCm: number;
  weightKg: number;
  marital: Marital;
  religion: Religion;
  english: EnglishLevel;
  motherTongue: MotherTongue;
  otherLanguages: OtherLanguage[];
  /** Her level in each language but English (decision 134); one left out: not stated. */
  languageLevels: LanguageLevels;
  education: Education;
  cares: Care[];
  status: "available" | "reserved" | "hired" | "draft";
  publishedAt: Date;
}

export interface DemoHelper extends DemoBiodata, Omit<DemoIdentity, "origin"> {
  singaporeExperience: string | null;
  childrenAges: string | null;
  specialNotes: string;
}

const ENGLISH_OK: EnglishLevel[] = ["fair", "good", "fluent"];
/** The cares drawn at random; bedridden care comes from her jobs (demo-biodata.ts). */
const DRAWN_CARES = slugsOf("care").filter((care): care is DrawnCare => care !== "bedridden");

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function sample<T>(random: Random, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

const fitsFaith = (name: string, religion: Religion) => !NAME_FAITHS[name] || NAME_FAITHS[name]!.includes(religion);

/**
 * A name that fits her faith, and (while the supplier has names left) one her supplier has not
 * used yet: `used` holds the names given so far, per origin (each origin has its own supplier).
 */
function nameFor(random: Random, origin: Origin, religion: Religion, used: Set<string>): string {
  const given = origin.givenNames.filter((name) => fitsFaith(name, religion));
  const family = origin.familyNames.filter((name) => fitsFaith(name, religion));
  let name = "";
  for (let attempt = 0; attempt < 40; attempt++) {
    name = `${pick(random, given)} ${pick(random, family)}`;
    if (!used.has(name)) break;
  }
  used.add(name);
  return name;
}

function identity(index: number, random: Random, now: Date, used: Set<string>[]): DemoIdentity {
  const originIndex = index % ORIGINS.length;
  const origin = ORIGINS[originIndex]!;
  const round = Math.floor(index / ORIGINS.length);
  let religion = origin.religions[round % origin.religions.length]!;
  const tongues = origin.tongues(religion);
  const motherTongue = tongues[round % tongues.length]!;
  religion = TONGUE_FAITHS[motherTongue] && !TONGUE_FAITHS[motherTongue]!.includes(religion) ? TONGUE_FAITHS[motherTongue]![0]! : religion;
  const age = between(random, 23, 48);
  const english = pick(random, slugsOf("english"));
  const otherLanguages = sample(random, ["mandarin", "malay", "hindi"] as OtherLanguage[], between(random, 0, 1));
  if (ENGLISH_OK.includes(english)) otherLanguages.unshift("english");
  return {
    origin: originIndex,
    name: nameFor(random, origin, religion, (used[originIndex] ??= new Set())),
    nationality: origin.nationality,
    experience: pick(random, slugsOf("experience")),
    salary: Math.round(between(random, 550, 950) / 10) * 10,
    offDays: between(random, 0, 4),
    dateOfBirth: formatIsoDate({ year: now.getUTCFullYear() - age, month: between(random, 1, 12), day: between(random, 1, 28) }),
    heightCm: between(random, 145, 170),
    weightKg: between(random, 42, 70),
    marital: pick(random, slugsOf("marital")),
    religion,
    english,
    motherTongue,
    otherLanguages,
    languageLevels: {},
    education: pick(random, slugsOf("education")),
    cares: sample(random, DRAWN_CARES, between(random, 1, 3)),
    status: "available",
    publishedAt: new Date(now.getTime() - index * 47 * 60_000 - between(random, 0, 40) * 60_000),
  };
}

const DUTIES: Record<DrawnCare, string[]> = {
  infant: ["bathing and feeding a newborn", "night feeds and sterilising bottles", "caring for twins from three months old"],
  child: ["school runs and homework for two children", "preparing meals for children aged 4 and 7", "looking after a toddler"],
  elder: [
    "caring for a grandmother with limited mobility",
    "helping an elderly employer with medication and walks",
    "accompanying an elderly couple to clinic visits",
  ],
  disabled: [
    "caring for a wheelchair user, including transfers",
    "supporting a child with autism through daily routines",
    "tube feeding and physiotherapy exercises",
  ],
};

const BEDRIDDEN_NOTE = "turning, bathing and feeding a bedridden employer, and keeping her skin free of bedsores";

const HOBBIES = ["reading", "cooking new recipes", "gardening", "sewing", "watching cooking videos", "walking"];
/** Hobbies that tell her faith. */
const FAITH_HOBBIES: Partial<Record<Religion, string[]>> = {
  christian: ["singing in church"],
  catholic: ["singing in the church choir"],
  muslim: ["reciting the Quran"],
  buddhist: ["meditation"],
};

const yearsWord = (years: number) => (years === 1 ? "1 year" : `${years} years`);

/** Her work so far in one sentence, from the employment table: the same countries and years. */
function workSentence(first: string, employment: DemoBiodata["employment"], homeCountry: string): string {
  if (employment.length === 0)
    return `${first} is new to work abroad and has helped to raise the children of her family in ${homeCountry}.`;
  const byCountry = new Map<string, number>();
  for (const row of employment) byCountry.set(row.country, (byCountry.get(row.country) ?? 0) + jobMonths(row));
  const places = [...byCountry].map(([country, months]) => `${yearsWord(Math.max(1, Math.round(months / 12)))} in ${country}`);
  return `${first} has worked ${places.join(" and ")}.`;
}

function notes(random: Random, helper: DemoIdentity, biodata: DemoBiodata, homeCountry: string): string {
  const first = helper.name.split(" ")[0]!;
  const duties = biodata.cares.map((care) => (care === "bedridden" ? BEDRIDDEN_NOTE : pick(random, DUTIES[care])));
  const cuisine = biodata.skills.cooking?.detail;
  const items = [...duties, ...(cuisine ? [`cooking ${cuisine} dishes`] : []), "housekeeping, laundry and ironing"];
  const hobbies = sample(random, [...HOBBIES, ...(FAITH_HOBBIES[helper.religion] ?? [])], 2);
  const likes = helper.cares.some((care) => care === "infant" || care === "child")
    ? "loves children"
    : helper.cares.includes("elder")
      ? "is good with elderly people"
      : pick(random, ["keeps a tidy home", "learns quickly", "is honest and reliable"]);
  return [
    `<h2>About ${first}</h2>`,
    `<p>${workSentence(first, biodata.employment, homeCountry.replace(/^the /, ""))} She is ${pick(random, ["patient", "cheerful", "hardworking", "calm", "well organised"])} and ${likes}.</p>`,
    `<p><strong>What she can do</strong></p>`,
    `<ul>${items.map((item) => `<li>${item.charAt(0).toUpperCase()}${item.slice(1)}</li>`).join("")}</ul>`,
    `<p>Hobbies: ${hobbies.join(" and ")}. ${helper.offDays === 0 ? "Willing to work without off days for compensation." : `Prefers ${helper.offDays === 1 ? "1 day" : `${helper.offDays} days`} off a month.`}</p>`,
  ].join("");
}

/** Her children's ages, when she has any: the eldest born when she was 20 or older. */
function childrenAgesOf(random: Random, helper: DemoIdentity, now: Date): string | null {
  const hasChildren =
    helper.marital === "married-with-children" || (["divorced", "widowed", "separated"].includes(helper.marital) && random() < 0.7);
  if (!hasChildren) return null;
  const age = now.getUTCFullYear() - Number(helper.dateOfBirth.slice(0, 4)) - 1;
  const eldest = between(random, 1, Math.max(1, age - 20));
  const ages = [eldest, ...(eldest > 3 && random() < 0.5 ? [between(random, 1, eldest - 2)] : [])];
  return ages.sort((a, b) => a - b).join(", ");
}

/** What follows from who she is: the standard form's parts, her years in Singapore, the notes. */
function complete(random: Random, helper: DemoIdentity, now: Date): DemoHelper {
  const origin = ORIGINS[helper.origin]!;
  const biodata = demoBiodata(random, helper, origin.homeCountry.replace(/^the /, ""), now);
  const singaporeMonths = biodata.employment.filter((row) => row.country === "Singapore").reduce((sum, row) => sum + jobMonths(row), 0);
  const { origin: _origin, ...rest } = helper;
  return {
    ...rest,
    ...biodata,
    singaporeExperience:
      singaporeMonths > 0
        ? `${yearsWord(Math.max(1, Math.round(singaporeMonths / 12)))} with a family in ${pick(random, ["Tampines", "Bishan", "Jurong West", "Punggol", "Bukit Timah", "Ang Mo Kio", "Sengkang"])}`
        : null,
    childrenAges: childrenAgesOf(random, helper, now),
    specialNotes: notes(random, helper, biodata, origin.homeCountry),
  };
}

/** The Chinese dialects a household in Singapore asks for (decision 134). */
const DIALECTS: OtherLanguage[] = ["cantonese", "hokkien", "teochew", "hakka", "hainanese"];
/** The levels a language picked up at work or from a Chinese family at home is told at. */
const LEVELS_AT_WORK: LanguageLevel[] = ["basic", "fair", "fair", "good"];
const LEVELS_AT_SCHOOL: LanguageLevel[] = ["fair", "good", "good", "fluent"];

/**
 * The dialects she speaks and her level in each language (decision 134), drawn from a generator
 * of her own (her place in the list), so the rest of the demo is drawn as before. Some in
 * Myanmar grow up with Hokkien or Cantonese beside Burmese; a helper who has worked for Chinese
 * families in Singapore or Malaysia may have picked one up. A language now and then keeps its
 * level not stated, as a supplier may leave it.
 */
function speaksDialects(helper: DemoIdentity, index: number): void {
  const own = seededRandom(0x5eed + index * 7919);
  const chance = helper.nationality === "myanmar" ? 0.45 : helper.otherLanguages.includes("mandarin") ? 0.4 : 0.12;
  if (own() < chance) {
    const pool: OtherLanguage[] = helper.nationality === "myanmar" ? ["hokkien", "cantonese", "hokkien", "cantonese", "teochew"] : DIALECTS;
    const dialect = pick(own, pool);
    if (!helper.otherLanguages.includes(dialect)) helper.otherLanguages.push(dialect);
    if (own() < 0.25) {
      const second = pick(own, DIALECTS);
      if (!helper.otherLanguages.includes(second)) helper.otherLanguages.push(second);
    }
  }
  levelsFor(helper, own);
}

/** A level for each of her languages but English that has none yet, now and then none at all. */
function levelsFor(helper: DemoIdentity, own: Random): void {
  for (const language of helper.otherLanguages) {
    if (language === "english" || helper.languageLevels[language] || own() < 0.12) continue;
    helper.languageLevels[language] = pick(own, DIALECTS.includes(language) ? LEVELS_AT_WORK : LEVELS_AT_SCHOOL);
  }
}

/** One helper on her own (the search benchmark's names, the PDF's shaping test), without the list's coverage. */
export function demoHelper(index: number, random: Random, now: Date): DemoHelper {
  const helper = identity(index, random, now, []);
  speaksDialects(helper, index);
  return complete(random, helper, now);
}

/**
 * The demo's helpers: the last eighth (at most eight) reserved, hired or draft, every catalogue
 * value held by an available helper, each helper's parts drawn to agree.
 */
export function demoHelpers(total: number, random: Random, now: Date): DemoHelper[] {
  const used: Set<string>[] = [];
  const list = Array.from({ length: total }, (_, i) => identity(i, random, now, used));
  list.forEach(speaksDialects);
  const others = Math.min(8, Math.floor(total / 8));
  for (let i = 0; i < others; i++) list[total - 1 - i]!.status = (["reserved", "hired", "draft"] as const)[i % 3]!;
  ensureCoverage(list);
  // A language given to her for the list's coverage gets a level too.
  list.forEach((helper, i) => levelsFor(helper, seededRandom(0x1e7e1 + i)));
  return list.map((helper) => complete(random, helper, now));
}

/**
 * Makes sure every catalogue value is held by an available helper, and that the old site's
 * most used search (single Filipino helpers for infant or child care) finds several. Runs on
 * who they are, before their jobs, skills and notes are drawn from it.
 */
export function ensureCoverage(list: DemoIdentity[]): void {
  const available = list.filter((helper) => helper.status === "available");
  const filipinos = available.filter((helper) => helper.nationality === "philippines").slice(0, 4);
  filipinos.forEach((helper, i) => {
    helper.marital = "single";
    if (!helper.cares.includes(i % 2 === 0 ? "infant" : "child")) helper.cares.push(i % 2 === 0 ? "infant" : "child");
  });
  const others = available.filter((helper) => !filipinos.includes(helper));
  const fields = ["experience", "marital", "education", "english"] as const;
  let slot = 0;
  for (const field of fields) {
    for (const value of slugsOf(field)) {
      if (!available.some((helper) => helper[field] === value)) {
        const target = others[slot++ % others.length]!;
        (target as unknown as Record<string, string>)[field] = value;
      }
    }
  }
  for (const field of ["cares", "otherLanguages"] as const) {
    const values = field === "cares" ? DRAWN_CARES : slugsOf("language");
    for (const value of values) {
      if (!available.some((helper) => (helper[field] as string[]).includes(value))) {
        (others[slot++ % others.length]![field] as string[]).push(value);
      }
    }
  }
  // Bedridden care: an available carer of the elderly who has worked, should none be drawn to it by her jobs.
  const elderCarer = others.find((helper) => helper.cares.includes("elder") && helper.experience !== "new-to-sg") ?? others[0];
  if (elderCarer && !available.some((helper) => helper.cares.includes("bedridden"))) {
    if (!elderCarer.cares.includes("elder")) elderCarer.cares.push("elder");
    elderCarer.cares.push("bedridden");
  }
  for (const helper of list) {
    helper.otherLanguages = helper.otherLanguages.filter((language) => language !== "english");
    if (ENGLISH_OK.includes(helper.english)) helper.otherLanguages.unshift("english");
  }
}
