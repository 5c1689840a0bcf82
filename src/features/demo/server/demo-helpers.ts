/**
 * Demo biodata: believable helpers drawn from a seed, so that every catalogue value is held by
 * at least one available helper and every filter finds someone.
 */
import {
  slugsOf,
  type Care,
  type Education,
  type EnglishLevel,
  type Experience,
  type Marital,
  type MotherTongue,
  type Nationality,
  type OtherLanguage,
  type Religion,
} from "../../../shared/catalogue";
import { formatIsoDate } from "../../../shared/age";
import { demoBiodata, type DemoBiodata } from "./demo-biodata";
import { pick, type Random } from "./portraits";

interface Origin {
  nationality: Nationality;
  tongues: MotherTongue[];
  religions: Religion[];
  givenNames: string[];
  familyNames: string[];
  homeCountry: string;
}

const ORIGINS: Origin[] = [
  {
    nationality: "philippines",
    tongues: ["tagalog", "visayan"],
    religions: ["catholic", "christian", "other"],
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
    tongues: ["bahasa-indonesia", "javanese"],
    religions: ["muslim", "christian", "catholic", "buddhist"],
    givenNames: ["Siti", "Sri", "Dewi", "Nur", "Rina", "Wulan", "Yuni", "Ratna", "Ani", "Lestari", "Fitri", "Indah"],
    familyNames: ["Wahyuni", "Lestari", "Aini", "Rahayu", "Susanti", "Handayani", "Kartika", "Pratiwi", "Sari", "Utami"],
    homeCountry: "Indonesia",
  },
  {
    nationality: "myanmar",
    tongues: ["burmese", "mizo", "burmese"],
    religions: ["buddhist", "christian", "muslim", "other"],
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
    tongues: ["tamil", "punjabi", "nepali", "malayalam", "telugu", "gujarati"],
    religions: ["hindu", "christian", "sikh", "muslim", "catholic"],
    givenNames: ["Priya", "Lakshmi", "Manpreet", "Anjali", "Deepa", "Sunita", "Bhavna", "Swathi", "Selvi", "Kavitha", "Rekha", "Meena"],
    familyNames: ["Kumari", "Devi", "Kaur", "Nair", "Rai", "Patel", "Reddy", "Murugan", "Thomas", "Joseph"],
    homeCountry: "India",
  },
];

export interface DemoHelper extends DemoBiodata {
  name: string;
  nationality: Nationality;
  experience: Experience;
  singaporeExperience: string | null;
  salary: number;
  offDays: number;
  dateOfBirth: string;
  heightCm: number;
  weightKg: number;
  marital: Marital;
  childrenAges: string | null;
  religion: Religion;
  english: EnglishLevel;
  motherTongue: MotherTongue;
  otherLanguages: OtherLanguage[];
  education: Education;
  cares: Care[];
  specialNotes: string;
  status: "available" | "reserved" | "hired" | "draft";
  publishedAt: Date;
}

const ENGLISH_OK: EnglishLevel[] = ["fair", "good", "fluent"];

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

function sample<T>(random: Random, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return chosen;
}

const DUTIES: Record<Care, string[]> = {
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

const COOKING = [
  "Chinese and Western dishes",
  "Indian vegetarian food",
  "Malay and Indonesian dishes",
  "Filipino and Western food",
  "simple Chinese home cooking",
  "baking and healthy meals for children",
];
const HOBBIES = ["reading", "cooking new recipes", "singing in church", "gardening", "sewing", "watching cooking videos", "walking"];

function notes(random: Random, helper: Omit<DemoHelper, "specialNotes" | keyof DemoBiodata>, homeCountry: string): string {
  const duties = helper.cares.map((care) => pick(random, DUTIES[care]));
  const where =
    helper.experience === "new-to-sg"
      ? `worked for a family in ${homeCountry}`
      : helper.experience === "ex-middle-east"
        ? `worked ${between(random, 2, 6)} years in ${pick(random, ["Dubai", "Riyadh", "Doha", "Kuwait"])}`
        : helper.experience === "ex-home-country"
          ? `worked ${between(random, 1, 4)} years as a caregiver in ${homeCountry}`
          : `worked ${between(random, 2, 8)} years in Singapore`;
  const items = [...duties, `cooking ${pick(random, COOKING)}`, "housekeeping, laundry and ironing"];
  return [
    `<h2>About ${helper.name.split(" ")[0]}</h2>`,
    `<p>${helper.name.split(" ")[0]} has ${where}. She is ${pick(random, ["patient", "cheerful", "hardworking", "calm", "well organised"])} and ${pick(random, ["loves children", "is good with elderly people", "keeps a tidy home", "learns quickly", "is honest and reliable"])}.</p>`,
    `<p><strong>Work history</strong></p>`,
    `<ul>${items.map((item) => `<li>${item.charAt(0).toUpperCase()}${item.slice(1)}</li>`).join("")}</ul>`,
    `<p>Hobbies: ${sample(random, HOBBIES, 2).join(" and ")}. ${helper.offDays === 0 ? "Willing to work without off days for compensation." : `Prefers ${helper.offDays === 1 ? "1 day" : `${helper.offDays} days`} off a month.`}</p>`,
  ].join("");
}

export function demoHelper(index: number, random: Random, now: Date): DemoHelper {
  const origin = ORIGINS[index % ORIGINS.length]!;
  const round = Math.floor(index / ORIGINS.length);
  const age = between(random, 23, 48);
  const birthYear = now.getUTCFullYear() - age;
  const experience = pick(random, slugsOf("experience"));
  const english = pick(random, slugsOf("english"));
  const otherLanguages = sample(random, ["chinese", "malay", "hindi"] as OtherLanguage[], between(random, 0, 1));
  if (ENGLISH_OK.includes(english)) otherLanguages.unshift("english");
  const cares = sample(random, slugsOf("care"), between(random, 1, 3));
  const marital = pick(random, slugsOf("marital"));
  const name = `${pick(random, origin.givenNames)} ${pick(random, origin.familyNames)}`;
  const helper: Omit<DemoHelper, "specialNotes" | keyof DemoBiodata> = {
    name,
    nationality: origin.nationality,
    experience,
    singaporeExperience:
      experience === "transfer" || experience === "ex-singapore"
        ? `${between(random, 2, 9)} years with a family in ${pick(random, ["Tampines", "Bishan", "Jurong West", "Punggol", "Bukit Timah", "Ang Mo Kio", "Sengkang"])}`
        : null,
    salary: Math.round(between(random, 550, 950) / 10) * 10,
    offDays: between(random, 0, 4),
    dateOfBirth: formatIsoDate({ year: birthYear, month: between(random, 1, 12), day: between(random, 1, 28) }),
    heightCm: between(random, 145, 170),
    weightKg: between(random, 42, 70),
    marital,
    childrenAges: null,
    religion: origin.religions[round % origin.religions.length]!,
    english,
    motherTongue: origin.tongues[round % origin.tongues.length]!,
    otherLanguages,
    education: pick(random, slugsOf("education")),
    cares,
    status: "available",
    publishedAt: new Date(now.getTime() - index * 47 * 60_000 - between(random, 0, 40) * 60_000),
  };
  const biodata = demoBiodata(random, helper, origin.homeCountry.replace(/^the /, ""), now);
  return {
    ...helper,
    ...biodata,
    ...sameSingaporeYears(helper.singaporeExperience, notes(random, helper, origin.homeCountry), biodata.employment),
  };
}

/**
 * Her years in Singapore told the same in the three places a family reads them: the Singapore
 * experience field and the notes take the length of her Singapore jobs in the employment table.
 * (The drawn figures are replaced, not skipped, so every later draw stays as it was.)
 */
function sameSingaporeYears(singaporeExperience: string | null, specialNotes: string, employment: DemoBiodata["employment"]) {
  const months = employment
    .filter((row) => row.country === "Singapore" && row.from && row.to)
    .reduce((sum, row) => {
      const [fromYear, fromMonth] = row.from!.split("-").map(Number);
      const [toYear, toMonth] = row.to!.split("-").map(Number);
      return sum + (toYear! - fromYear!) * 12 + (toMonth! - fromMonth!);
    }, 0);
  if (months === 0) return { singaporeExperience, specialNotes };
  const years = Math.max(1, Math.round(months / 12));
  const text = years === 1 ? "1 year" : `${years} years`;
  return {
    singaporeExperience: singaporeExperience?.replace(/^\d+ years/, text) ?? null,
    specialNotes: specialNotes.replace(/worked \d+ years in Singapore/, `worked ${text} in Singapore`),
  };
}

/**
 * Makes sure every catalogue value is held by an available helper, and that the old site's
 * most used search (single Filipino helpers for infant or child care) finds several.
 */
export function ensureCoverage(list: DemoHelper[]): void {
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
    const values = field === "cares" ? slugsOf("care") : slugsOf("language");
    for (const value of values) {
      if (!available.some((helper) => (helper[field] as string[]).includes(value))) {
        (others[slot++ % others.length]![field] as string[]).push(value);
      }
    }
  }
  for (const helper of list) {
    if (!ENGLISH_OK.includes(helper.english)) {
      helper.otherLanguages = helper.otherLanguages.filter((language) => language !== "english");
    }
    if (ENGLISH_OK.includes(helper.english) && !helper.otherLanguages.includes("english")) {
      helper.otherLanguages.unshift("english");
    }
    const hasChildren = helper.marital !== "single" && helper.marital !== "married";
    helper.childrenAges = hasChildren ? `${3 + (helper.heightCm % 9)}, ${10 + (helper.weightKg % 8)}` : null;
  }
}
