/**
 * The demo data read as a careful family would read it: a helper whose parts contradict each
 * other (a Muslim who sings in church, "No beef" with "Handles beef: Yes", more years of a skill
 * than years of work) makes the seed stop with an error naming her and what does not agree.
 */
import type { Religion } from "../../../shared/catalogue";
import { HOMES, jobMonths } from "./demo-biodata";
import { NAME_FAITHS, type DemoHelper } from "./demo-helpers";

const CHRISTIAN: Religion[] = ["christian", "catholic"];
const MIDDLE_EAST = ["Saudi Arabia", "Kuwait", "United Arab Emirates", "Qatar", "Oman", "Bahrain", "Jordan"];
const CUISINES = Object.entries(HOMES).map(([nationality, home]) => ({ nationality, cuisine: home.cuisine }));
/** Care areas a job's duties speak of, and the care she must offer for them. */
const DUTY_CARES: [RegExp, string][] = [
  [/newborn|infant|baby|babies/i, "infant"],
  [/child|toddler|school/i, "child"],
  [/elderly|grandmother|grandfather|bedridden/i, "elder"],
  [/wheelchair|disab|autism/i, "disabled"],
  [/bedridden/i, "bedridden"],
];

const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const ageOn = (dateOfBirth: string, now: Date) =>
  now.getUTCFullYear() - Number(dateOfBirth.slice(0, 4)) - (now.toISOString().slice(5, 10) < dateOfBirth.slice(5, 10) ? 1 : 0);
const yearsIn = (text: string | null) => Number(/^(\d+) years?\b/.exec(text ?? "")?.[1] ?? NaN);
const roundYears = (months: number) => Math.max(1, Math.round(months / 12));

type Rule = (helper: DemoHelper, now: Date) => string | undefined | false;

/** Each rule names the contradiction it finds, or returns nothing. */
export const DEMO_RULES: Record<string, Rule> = {
  faithAndHobbies: (h) => {
    const notes = textOf(h.specialNotes);
    if (/\bchurch\b/i.test(notes) && !CHRISTIAN.includes(h.religion)) return `sings in church but is ${h.religion}`;
    if (/\bQuran\b/i.test(notes) && h.religion !== "muslim") return `recites the Quran but is ${h.religion}`;
  },
  faithAndName: (h) => {
    const word = h.name.split(" ").find((part) => NAME_FAITHS[part] && !NAME_FAITHS[part].includes(h.religion));
    return word !== undefined && `is named ${word}, a ${NAME_FAITHS[word]!.join(" or ")} name, but is ${h.religion}`;
  },
  dietAndHandling: (h) => {
    if (/no pork/i.test(h.dietaryRestrictions ?? "") && h.handlesPork) return `says "${h.dietaryRestrictions}" but handles pork`;
    if (/no beef/i.test(h.dietaryRestrictions ?? "") && h.handlesBeef) return `says "${h.dietaryRestrictions}" but handles beef`;
    if (h.religion === "muslim" && h.handlesPork) return "is Muslim but handles pork";
  },
  englishListed: (h) =>
    (h.english === "basic") === h.otherLanguages.includes("english") &&
    `speaks ${h.english} English, but English is ${h.english === "basic" ? "" : "not "}among her languages`,
  levelsOfHerLanguages: (h) => {
    const stray = Object.keys(h.languageLevels).filter(
      (language) => language === "english" || !h.otherLanguages.includes(language as never),
    );
    if (stray.length > 0)
      return `has a level in ${stray.join(", ")}, which is not among the languages with a level of their own that she speaks`;
  },
  childrenAndMarriage: (h, now) => {
    if ((h.marital === "single" || h.marital === "married") && h.childrenAges)
      return `is ${h.marital} yet has children aged ${h.childrenAges}`;
    if (h.marital === "married-with-children" && !h.childrenAges) return "is married with children but no children's ages are given";
    const eldest = Math.max(...(h.childrenAges ?? "").split(",").map(Number).filter(Number.isFinite));
    if (eldest > ageOn(h.dateOfBirth, now) - 16) return `has a child of ${eldest} at the age of ${ageOn(h.dateOfBirth, now)}`;
  },
  workFromAdulthood: (h) => {
    const first = h.employment.map((row) => row.from).sort()[0];
    return (
      first !== undefined &&
      Number(first.slice(0, 4)) - Number(h.dateOfBirth.slice(0, 4)) < 18 &&
      `started work in ${first}, before she was 18`
    );
  },
  experienceAndJobs: (h) => {
    const countries = h.employment.map((row) => row.country);
    const inSingapore = countries.includes("Singapore");
    if ((h.experience === "transfer" || h.experience === "ex-singapore") && !inSingapore)
      return `is "${h.experience}" with no job in Singapore`;
    if ((h.experience === "new-to-sg" || h.experience === "ex-home-country" || h.experience === "ex-middle-east") && inSingapore)
      return `is "${h.experience}" yet worked in Singapore`;
    if (h.experience === "ex-middle-east" && !countries.some((country) => MIDDLE_EAST.includes(country)))
      return "is ex-Middle East with no job there";
    if (h.workedInSingapore !== inSingapore)
      return `says she ${h.workedInSingapore ? "worked" : "never worked"} in Singapore, unlike her jobs`;
  },
  singaporeYears: (h) => {
    const months = h.employment.filter((row) => row.country === "Singapore").reduce((sum, row) => sum + jobMonths(row), 0);
    if (months === 0) return h.singaporeExperience !== null && `tells of Singapore experience (${h.singaporeExperience}) with no job there`;
    if (yearsIn(h.singaporeExperience) !== roundYears(months))
      return `says "${h.singaporeExperience}" in Singapore, her jobs there make ${roundYears(months)}`;
  },
  notesAndJobs: (h) => {
    for (const [, years, country] of textOf(h.specialNotes).matchAll(/(\d+) years? in ([A-Z][A-Za-z ]+?)(?= and |\.|,)/g)) {
      const months = h.employment.filter((row) => row.country === country).reduce((sum, row) => sum + jobMonths(row), 0);
      if (months === 0) return `the notes say she worked in ${country}, her jobs do not`;
      if (Number(years) !== roundYears(months))
        return `the notes say ${years} years in ${country}, her jobs there make ${roundYears(months)}`;
    }
  },
  skillYearsAndWork: (h) => {
    const work = Math.max(2, Math.ceil(h.employment.reduce((sum, row) => sum + jobMonths(row), 0) / 12));
    const area = (["infant", "child", "elderly", "disabled", "bedridden", "housework", "cooking"] as const).find(
      (slug) => (h.skills[slug]?.years ?? 0) > work,
    );
    return area !== undefined && `has ${h.skills[area]!.years} years of ${area} but ${work} years of work at most`;
  },
  dutiesAndCares: (h) => {
    for (const row of h.employment) {
      const care = DUTY_CARES.find(([words, slug]) => words.test(row.duties ?? "") && !h.cares.includes(slug as never));
      if (care) return `did "${row.duties}" but does not offer ${care[1]} care`;
    }
  },
  bedriddenAndElderly: (h) => {
    if (!h.cares.includes("bedridden") && !h.skills.bedridden?.experienced) return;
    if (!h.skills.elderly?.experienced && !h.skills.disabled?.experienced)
      return "offers bedridden care with no experience of elderly or disabled care";
    if ((h.skills.bedridden?.years ?? 0) > Math.max(h.skills.elderly?.years ?? 0, h.skills.disabled?.years ?? 0))
      return `has ${h.skills.bedridden!.years} years of bedridden care, more than of elderly or disabled care`;
  },
  dishes: (h) => {
    const said = `${h.skills.cooking?.detail ?? ""} ${textOf(h.specialNotes)}`;
    const foreign = CUISINES.find(({ nationality, cuisine }) => nationality !== h.nationality && new RegExp(`\\b${cuisine}\\b`).test(said));
    return foreign !== undefined && `cooks ${foreign.cuisine} dishes, being from ${h.nationality}`;
  },
  birthplaceAndTongue: (h) => {
    const places = HOMES[h.nationality].places[h.motherTongue];
    return (
      places !== undefined &&
      h.placeOfBirth !== null &&
      !places.includes(h.placeOfBirth) &&
      `speaks ${h.motherTongue} but was born in ${h.placeOfBirth}`
    );
  },
};

/** Every contradiction of one helper, in words. */
export function contradictions(helper: DemoHelper, now: Date): string[] {
  return Object.values(DEMO_RULES)
    .map((rule) => rule(helper, now))
    .filter((found): found is string => typeof found === "string");
}

/**
 * Throws an error naming each helper whose biodata contradicts itself, and helpers of one
 * supplier sharing a name (`supplierOf` gives a helper's supplier; `uniqueNames: false` for the
 * benchmark's databases, whose thousands of helpers a supplier outnumber the names to give).
 */
export function checkDemoHelpers(
  helpers: DemoHelper[],
  now: Date,
  { supplierOf, uniqueNames = true }: { supplierOf: (index: number) => string; uniqueNames?: boolean },
): void {
  const problems: string[] = [];
  const named = new Map<string, number>();
  helpers.forEach((helper, i) => {
    for (const found of contradictions(helper, now)) problems.push(`${helper.name} (helper ${i + 1}) ${found}`);
    const key = `${supplierOf(i)} ${helper.name}`;
    if (uniqueNames && named.has(key))
      problems.push(`${helper.name} (helper ${i + 1}) has the name of helper ${named.get(key)! + 1} at the same supplier`);
    named.set(key, i);
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).join("\n- ");
    throw new Error(`The demo data contradicts itself:\n- ${shown}${problems.length > 20 ? `\n… and ${problems.length - 20} more` : ""}`);
  }
}
