/**
 * The standard form's parts for demo helpers, drawn to agree with the rest of the biodata:
 * skills follow the care types and languages, employment rows follow the experience, and
 * available-from dates spread over the next three months.
 */
import type { InterviewMode, SkillAreaSlug } from "../../../shared/biodata-catalogue";
import { daysAhead, experiencedAreas } from "../../../shared/biodata-schema";
import type { BiodataGated, BiodataPrivate, BiodataPublic, EmploymentRow, SkillEntry, Skills } from "../../../shared/biodata-types";
import type { Care, EnglishLevel, Experience, MotherTongue, Nationality, OtherLanguage, Religion } from "../../../shared/catalogue";
import { pick, type Random } from "./portraits";

/** `cares`: the cares she was drawn with, and bedridden care when her jobs had her do it. */
export type DemoBiodata = BiodataPublic & Omit<BiodataGated, "dateOfBirth"> & BiodataPrivate & { skillAreas: string[]; cares: Care[] };

interface Home {
  /** Birthplaces by mother tongue: a Tamil speaker is from Tamil Nadu, a Visayan from the Visayas. */
  places: Partial<Record<MotherTongue, string[]>>;
  streets: string[];
  port: string;
  dialCode: string;
  cuisine: string;
}

export const HOMES: Record<Nationality, Home> = {
  philippines: {
    places: { tagalog: ["Quezon City", "Batangas", "Tarlac", "Nueva Ecija"], visayan: ["Cebu City", "Iloilo", "Davao", "Bohol"] },
    streets: ["Rizal Street", "Mabini Avenue", "Bonifacio Street"],
    port: "Manila",
    dialCode: "+63 9",
    cuisine: "Filipino",
  },
  indonesia: {
    places: { javanese: ["Semarang", "Surabaya", "Malang", "Cilacap", "Blitar"], "bahasa-indonesia": ["Lampung", "Medan", "Jakarta"] },
    streets: ["Jalan Merdeka", "Jalan Sudirman", "Jalan Diponegoro"],
    port: "Jakarta",
    dialCode: "+62 8",
    cuisine: "Indonesian",
  },
  myanmar: {
    places: { burmese: ["Yangon", "Mandalay", "Bago", "Pathein", "Taunggyi"], mizo: ["Falam", "Tedim", "Kalay"] },
    streets: ["Bogyoke Road", "Anawrahta Road", "Strand Road"],
    port: "Yangon",
    dialCode: "+95 9",
    cuisine: "Burmese",
  },
  india: {
    places: {
      tamil: ["Chennai", "Madurai"],
      punjabi: ["Amritsar", "Ludhiana"],
      nepali: ["Darjeeling"],
      malayalam: ["Kochi", "Thrissur"],
      telugu: ["Vijayawada"],
      gujarati: ["Ahmedabad"],
    },
    streets: ["Gandhi Nagar", "Nehru Street", "Temple Road"],
    port: "Chennai",
    dialCode: "+91 9",
    cuisine: "Indian",
  },
};

/** The cares drawn for a helper; bedridden care follows from her jobs (`withBedriddenCare`). */
export type DrawnCare = Exclude<Care, "bedridden">;
const CARE_AREAS: Record<DrawnCare, SkillAreaSlug> = { infant: "infant", child: "child", elder: "elderly", disabled: "disabled" };
/** A job of elderly care that makes her a carer of the bedridden. */
export const BEDRIDDEN_DUTY = "Care of a bedridden grandmother";
const ABROAD = ["Hong Kong", "Taiwan", "Saudi Arabia", "Malaysia"];
const MIDDLE_EAST = ["Saudi Arabia", "Saudi Arabia", "Kuwait", "United Arab Emirates"];
/** A job's duties, by the care she gives (or housework alone). */
const DUTIES: Record<DrawnCare | "housework", string[]> = {
  housework: ["Housework, cooking and laundry", "Cooking and marketing for a family of five"],
  infant: ["Care of a newborn and housework"],
  child: ["Care of two children aged 3 and 6"],
  elder: ["Care of an elderly man with dementia and diabetes", BEDRIDDEN_DUTY],
  disabled: ["Care of a wheelchair user and housework"],
};
const FEEDBACK = [
  "Honest and hardworking; the family was sorry to see her go",
  "Good with the children, cooks well",
  "Patient with the elderly employer",
  "Clean and organised",
  null,
];
const REMARKS = ["Contract completed", "Family moved overseas", "Employer passed away", "Finished contract, returned home", null];
const OBSERVATIONS = ["Confident, has done this for years", "Learns quickly", "Needs some guidance at first", null, null];
const SIDE_SKILLS: SkillAreaSlug[] = ["gardening", "sewing", "pet-care"];

function between(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** A skill's row; its years of experience are at most her years of work (`maxYears`). */
function entry(random: Random, experienced: boolean, maxYears: number, detail: string | null = null): SkillEntry {
  const years = experienced ? between(random, 1, Math.max(1, maxYears)) : null;
  return {
    willing: experienced || random() < 0.8,
    experienced,
    years,
    rating: random() < 0.15 ? null : experienced ? between(random, 3, 5) : between(random, 1, 3),
    detail,
    note: pick(random, OBSERVATIONS),
  };
}

/**
 * Her skills: the care areas she offers, housework and cooking (her own country's dishes with
 * those Singapore families eat), the languages she speaks. Years of experience in work skills
 * are at most her years of paid work; with none, what she did for her own family (a year or two).
 */
function skillsFor(random: Random, helper: DemoInput, home: Home, workYears: number): Skills {
  const skills: Skills = {};
  const most = workYears > 0 ? workYears : 2;
  for (const care of helper.cares) {
    if (care === "bedridden") continue;
    const area = CARE_AREAS[care];
    skills[area] = entry(random, random() < 0.85, most, area === "infant" ? "0–12 months" : area === "child" ? "2–10 years" : null);
  }
  skills.housework = entry(random, random() < 0.9, most);
  skills.cooking = entry(
    random,
    random() < 0.7,
    most,
    pick(random, [`${home.cuisine} and Chinese`, `${home.cuisine} and Western`, `${home.cuisine}, Chinese and Western`, home.cuisine]),
  );
  // Languages: spoken since school, so their years are not work years.
  if (helper.english !== "basic") skills.english = entry(random, true, 10);
  if (helper.otherLanguages.includes("mandarin")) skills.mandarin = entry(random, true, Math.max(1, workYears));
  if (helper.otherLanguages.includes("malay")) skills.malay = entry(random, true, 10);
  if (random() < 0.35) skills[pick(random, SIDE_SKILLS)] = entry(random, true, most);
  return skills;
}

/** A job's length in months ("2019-03" to "2021-03" is 24). */
export function jobMonths(row: { from: string; to: string }): number {
  const [fromYear, fromMonth] = row.from.split("-").map(Number);
  const [toYear, toMonth] = row.to.split("-").map(Number);
  return (toYear! - fromYear!) * 12 + (toMonth! - fromMonth!);
}

function monthOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

function countriesFor(random: Random, experience: Experience, homeCountry: string): string[] {
  switch (experience) {
    case "new-to-sg":
      return random() < 0.4 ? [] : [homeCountry];
    case "transfer":
    case "ex-singapore":
      return random() < 0.5 ? ["Singapore"] : ["Singapore", pick(random, ABROAD)];
    case "ex-middle-east":
      return [pick(random, MIDDLE_EAST), ...(random() < 0.3 ? [pick(random, ABROAD)] : [])];
    default:
      return random() < 0.5 ? [homeCountry] : [homeCountry, pick(random, ABROAD)];
  }
}

/** Jobs back from a few months ago, newest first, each one to three years long, none before she was 19. */
function employmentFor(random: Random, helper: DemoInput, homeCountry: string, now: Date): EmploymentRow[] {
  let end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - between(random, 1, 6), 1));
  const earliest = `${Number(helper.dateOfBirth.slice(0, 4)) + 19}${helper.dateOfBirth.slice(4, 7)}`;
  const duties = [...DUTIES.housework, ...helper.cares.flatMap((care) => (care === "bedridden" ? [] : DUTIES[care]))];
  const rows: EmploymentRow[] = [];
  for (const country of countriesFor(random, helper.experience, homeCountry)) {
    const start = new Date(Date.UTC(end.getUTCFullYear() - between(random, 1, 3), end.getUTCMonth() - between(random, 0, 5), 1));
    if (monthOf(start) < earliest) break;
    const row: EmploymentRow = {
      from: monthOf(start),
      to: monthOf(end),
      country,
      employer: pick(random, EMPLOYERS[country] ?? ["A family", "A couple", "An elderly lady"]),
      duties: pick(random, duties),
      remarks: pick(random, REMARKS),
      feedback: pick(random, FEEDBACK),
    };
    rows.push(row);
    end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - between(random, 2, 10), 1));
  }
  // Chosen for bedridden care (ensureCoverage): her latest job was one.
  if (helper.cares.includes("bedridden") && rows[0] && !rows.some((row) => row.duties === BEDRIDDEN_DUTY)) rows[0].duties = BEDRIDDEN_DUTY;
  return rows;
}

/** Employers' names as the country has them: no "Mr Chan" in Kuwait. */
const EMPLOYERS: Record<string, string[]> = {
  Singapore: ["Mr and Mrs Tan", "Mdm Lim", "The Wong family", "Mr Kumar"],
  "Hong Kong": ["Mr Chan", "The Ho family", "Mrs Leung"],
  Taiwan: ["Mr Lin", "The Chen family", "Mrs Huang"],
  Malaysia: ["Mrs Abdullah", "Mr Lee", "The Tan family"],
  "Saudi Arabia": ["Mrs Al-Harbi", "Mr Al-Qahtani", "The Al-Otaibi family"],
  Kuwait: ["Mr Al-Sabah", "Mrs Al-Mutairi"],
  "United Arab Emirates": ["Mr Al-Mansouri", "Mrs Al-Nuaimi"],
};

const INTERVIEWS: InterviewMode[][] = [["phone", "video"], ["video"], ["phone", "video", "in-person"], ["in-person"], ["phone"], []];

interface DemoInput {
  nationality: Nationality;
  experience: Experience;
  cares: Care[];
  english: EnglishLevel;
  otherLanguages: OtherLanguage[];
  offDays: number;
  religion: Religion;
  motherTongue: MotherTongue;
  dateOfBirth: string;
}

/**
 * Bedridden care for a helper whose jobs had her care for someone bedridden (or chosen for it):
 * the care listed, its row's years those jobs' years (a year of her family's when she has no
 * jobs), and her elderly care row experienced for at least as long. Draws nothing, so the other
 * helpers' data stay as they were.
 */
function withBedriddenCare(helper: DemoInput, skills: Skills, employment: EmploymentRow[]): Care[] {
  const jobs = employment.filter((row) => row.duties === BEDRIDDEN_DUTY);
  if (jobs.length === 0 && !helper.cares.includes("bedridden")) return helper.cares;
  const years = Math.max(1, Math.round(jobs.reduce((sum, row) => sum + jobMonths(row), 0) / 12));
  const elderly = skills.elderly;
  skills.elderly = {
    willing: true,
    experienced: true,
    years: Math.max(years, elderly?.years ?? 0),
    rating: elderly?.rating ?? null,
    detail: null,
    note: elderly?.note ?? null,
  };
  skills.bedridden = { willing: true, experienced: true, years, rating: skills.elderly.rating, detail: null, note: null };
  return helper.cares.includes("bedridden") ? helper.cares : [...helper.cares, "bedridden"];
}

/** What she eats and handles, as her faith has it: "No pork" never with "handles pork". */
function dietFor(random: Random, religion: Religion) {
  const restriction =
    religion === "muslim"
      ? "No pork"
      : religion === "hindu"
        ? pick(random, ["No beef", "No beef", "Vegetarian", null])
        : religion === "sikh"
          ? pick(random, ["No beef", "Vegetarian", null])
          : religion === "buddhist"
            ? pick(random, ["No beef", null, null])
            : random() < 0.1
              ? "No beef"
              : null;
  return {
    dietaryRestrictions: restriction,
    handlesPork: restriction === "No pork" ? false : random() < 0.9,
    handlesBeef: restriction === "No beef" ? false : random() < 0.85,
  };
}

export function demoBiodata(random: Random, helper: DemoInput, homeCountry: string, now: Date): DemoBiodata {
  const home = HOMES[helper.nationality];
  const place = pick(random, home.places[helper.motherTongue] ?? Object.values(home.places).flat());
  const employment = employmentFor(random, helper, homeCountry, now);
  const workYears = Math.floor(employment.reduce((sum, row) => sum + jobMonths(row), 0) / 12);
  const skills = skillsFor(random, helper, home, workYears);
  const cares = withBedriddenCare(helper, skills, employment);
  const illnesses: BiodataGated["illnesses"] = random() < 0.08 ? ["asthma"] : random() < 0.05 ? ["operations"] : [];
  return {
    // The demo's biodata are agencies': no direct-hire facts.
    directHireReason: null,
    employerConsent: null,
    releaseDate: null,
    placeOfBirth: place,
    siblings: between(random, 0, 7),
    homeAddress: `${between(random, 1, 250)} ${pick(random, home.streets)}, ${place}`,
    repatriationPort: home.port,
    homePhone: `${home.dialCode}${between(random, 10, 99)} ${between(random, 100, 999)} ${between(random, 1000, 9999)}`,
    allergies: random() < 0.1 ? pick(random, ["Seafood", "Dust", "Penicillin"]) : null,
    illnesses,
    illnessOther: null,
    disabilities: null,
    ...dietFor(random, helper.religion),
    foodHandlingOther: null,
    otherRemarks: random() < 0.3 ? "Has a valid medical check-up and is ready to start work." : null,
    skillsEvaluation: pick(random, ["sg-agency", "overseas-centre", "video"] as const),
    skillsEvaluationOther: null,
    skills,
    skillAreas: experiencedAreas(skills),
    cares,
    employment,
    workedInSingapore: employment.some((row) => row.country === "Singapore"),
    // A third are available now; the rest over the next three months.
    availableFrom: random() < 0.33 ? null : daysAhead(between(random, 1, 90), now),
    interview: pick(random, INTERVIEWS),
  };
}
