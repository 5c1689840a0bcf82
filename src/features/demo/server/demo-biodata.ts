/**
 * The standard form's parts for demo helpers, drawn to agree with the rest of the biodata:
 * skills follow the care types and languages, employment rows follow the experience, and
 * available-from dates spread over the next three months.
 */
import type { InterviewMode, SkillAreaSlug } from "../../../shared/biodata-catalogue";
import { daysAhead, experiencedAreas } from "../../../shared/biodata-schema";
import type { BiodataGated, BiodataPrivate, BiodataPublic, EmploymentRow, SkillEntry, Skills } from "../../../shared/biodata-types";
import type { Care, Experience, Nationality, OtherLanguage, EnglishLevel } from "../../../shared/catalogue";
import { pick, type Random } from "./portraits";

export type DemoBiodata = BiodataPublic & Omit<BiodataGated, "dateOfBirth"> & BiodataPrivate & { skillAreas: string[] };

interface Home {
  places: string[];
  port: string;
  dialCode: string;
  passportLetter: string;
  cuisine: string;
}

const HOMES: Record<Nationality, Home> = {
  philippines: {
    places: ["Quezon City", "Cebu City", "Iloilo", "Davao", "Baguio", "Tarlac"],
    port: "Manila",
    dialCode: "+63 9",
    passportLetter: "P",
    cuisine: "Filipino",
  },
  indonesia: {
    places: ["Semarang", "Surabaya", "Malang", "Cilacap", "Lampung", "Blitar"],
    port: "Jakarta",
    dialCode: "+62 8",
    passportLetter: "C",
    cuisine: "Indonesian",
  },
  myanmar: {
    places: ["Yangon", "Mandalay", "Bago", "Pathein", "Aizawl", "Taunggyi"],
    port: "Yangon",
    dialCode: "+95 9",
    passportLetter: "M",
    cuisine: "Burmese",
  },
  india: {
    places: ["Chennai", "Madurai", "Amritsar", "Kochi", "Darjeeling", "Vijayawada"],
    port: "Chennai",
    dialCode: "+91 9",
    passportLetter: "K",
    cuisine: "Indian",
  },
};

const CARE_AREAS: Record<Care, SkillAreaSlug> = { infant: "infant", child: "child", elder: "elderly", disabled: "disabled" };
const ABROAD = ["Hong Kong", "Taiwan", "Saudi Arabia", "Malaysia"];
const MIDDLE_EAST = ["Saudi Arabia", "Saudi Arabia", "Kuwait", "United Arab Emirates"];
const DUTIES = [
  "Housework, cooking and laundry",
  "Care of two children aged 3 and 6",
  "Care of an elderly man with diabetes",
  "Cooking and marketing for a family of five",
  "Care of a newborn and housework",
  "Care of a bedridden grandmother",
];
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

function entry(random: Random, experienced: boolean, detail: string | null = null): SkillEntry {
  const years = experienced ? between(random, 1, 8) : null;
  return {
    willing: experienced || random() < 0.8,
    experienced,
    years,
    rating: random() < 0.15 ? null : experienced ? between(random, 3, 5) : between(random, 1, 3),
    detail,
    note: pick(random, OBSERVATIONS),
  };
}

function skillsFor(random: Random, helper: DemoInput, home: Home): Skills {
  const skills: Skills = {};
  for (const care of helper.cares) {
    const area = CARE_AREAS[care];
    skills[area] = entry(random, random() < 0.85, area === "infant" ? "0–12 months" : area === "child" ? "2–10 years" : null);
  }
  skills.housework = entry(random, random() < 0.9);
  skills.cooking = entry(
    random,
    random() < 0.7,
    pick(random, [`${home.cuisine} and Chinese`, `${home.cuisine} and Western`, "Chinese, Malay and Western", home.cuisine]),
  );
  if (helper.english !== "basic") skills.english = entry(random, true);
  if (helper.otherLanguages.includes("chinese")) skills.mandarin = entry(random, true);
  if (helper.otherLanguages.includes("malay")) skills.malay = entry(random, true);
  if (random() < 0.35) skills[pick(random, SIDE_SKILLS)] = entry(random, true);
  return skills;
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

/** Jobs back from a few months ago, newest first, each one to three years long. */
function employmentFor(random: Random, helper: DemoInput, homeCountry: string, now: Date): EmploymentRow[] {
  let end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - between(random, 1, 6), 1));
  return countriesFor(random, helper.experience, homeCountry).map((country) => {
    const start = new Date(Date.UTC(end.getUTCFullYear() - between(random, 1, 3), end.getUTCMonth() - between(random, 0, 5), 1));
    const row: EmploymentRow = {
      from: monthOf(start),
      to: monthOf(end),
      country,
      employer:
        country === "Singapore"
          ? pick(random, ["Mr and Mrs Tan", "Mdm Lim", "The Wong family", "Mr Kumar"])
          : pick(random, ["Mr Chan", "Mrs Al-Harbi", "Mr Lee", "The Ho family", "Mrs Abdullah"]),
      duties: pick(random, DUTIES),
      remarks: pick(random, REMARKS),
      feedback: pick(random, FEEDBACK),
    };
    end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - between(random, 2, 10), 1));
    return row;
  });
}

const INTERVIEWS: InterviewMode[][] = [["phone", "video"], ["video"], ["phone", "video", "in-person"], ["in-person"], ["phone"], []];

interface DemoInput {
  nationality: Nationality;
  experience: Experience;
  cares: Care[];
  english: EnglishLevel;
  otherLanguages: OtherLanguage[];
  offDays: number;
}

export function demoBiodata(random: Random, helper: DemoInput, homeCountry: string, now: Date): DemoBiodata {
  const home = HOMES[helper.nationality];
  const place = pick(random, home.places);
  const skills = skillsFor(random, helper, home);
  const employment = employmentFor(random, helper, homeCountry, now);
  const illnesses: BiodataGated["illnesses"] = random() < 0.08 ? ["asthma"] : random() < 0.05 ? ["operations"] : [];
  return {
    placeOfBirth: place,
    siblings: between(random, 0, 7),
    homeAddress: `${between(random, 1, 250)} ${pick(random, ["Rizal Street", "Jalan Merdeka", "Bogyoke Road", "Gandhi Nagar", "Mabini Avenue"])}, ${place}`,
    repatriationPort: home.port,
    homePhone: `${home.dialCode}${between(random, 10, 99)} ${between(random, 100, 999)} ${between(random, 1000, 9999)}`,
    passportNumber: `${home.passportLetter}${between(random, 1_000_000, 9_999_999)}`,
    allergies: random() < 0.1 ? pick(random, ["Seafood", "Dust", "Penicillin"]) : null,
    illnesses,
    illnessOther: null,
    disabilities: null,
    dietaryRestrictions: random() < 0.2 ? pick(random, ["No pork", "No beef", "Vegetarian"]) : null,
    handlesPork: random() < 0.75,
    handlesBeef: random() < 0.8,
    foodHandlingOther: null,
    restDays: Math.min(helper.offDays, 4),
    otherRemarks: random() < 0.3 ? "Has a valid medical check-up and is ready to start work." : null,
    skillsEvaluation: pick(random, ["sg-agency", "overseas-centre", "video"] as const),
    skillsEvaluationOther: null,
    skills,
    skillAreas: experiencedAreas(skills),
    employment,
    workedInSingapore: employment.some((row) => row.country === "Singapore"),
    // A third are available now; the rest over the next three months.
    availableFrom: random() < 0.33 ? null : daysAhead(between(random, 1, 90), now),
    interview: pick(random, INTERVIEWS),
  };
}
