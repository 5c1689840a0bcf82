/**
 * The words of a biodata that a search for something other than a name reads (decision 104):
 * her skills (the areas she offers, their details and the assessor's notes), her languages,
 * religion and nationality in the catalogue's words and spellings, the special notes and the
 * food and employment notes. Kept with her card (card-store.ts), so the index reads them from
 * memory and only a changed biodata is read again.
 */
import { skillArea } from "../../../shared/biodata-catalogue";
import type { EmploymentRow, Skills } from "../../../shared/biodata-types";
import { experiencedAreas } from "../../../shared/biodata-schema";
import { catalogue, offeredCares, type CatalogueEntry, type CatalogueName } from "../../../shared/catalogue";
import { wordsOf } from "../../../shared/search-terms";
import { valueMark } from "./search-reading";
import { helpers } from "./tables";

/** The columns the words come from, read beside the card's. */
export const textColumns = {
  specialNotes: helpers.specialNotes,
  skills: helpers.skills,
  otherLanguages: helpers.otherLanguages,
  dietaryRestrictions: helpers.dietaryRestrictions,
  foodHandlingOther: helpers.foodHandlingOther,
  otherRemarks: helpers.otherRemarks,
  employment: helpers.employment,
};

export interface TextRow {
  specialNotes: string;
  skills: Skills;
  otherLanguages: string[];
  dietaryRestrictions: string | null;
  foodHandlingOther: string | null;
  otherRemarks: string | null;
  employment: EmploymentRow[];
  nationality: string;
  experience: string;
  religion: string;
  motherTongue: string;
  cares: string[];
}

/** A catalogue value in every spelling the catalogue knows ("Muslim", "Islam"). */
function spellings(name: CatalogueName, slug: string): string[] {
  const entry = (catalogue[name] as readonly CatalogueEntry[]).find((e) => e.slug === slug);
  return entry ? [entry.label, ...(entry.aliases ?? [])] : [slug];
}

/** Markup and character references out, so only what a reader sees is searched. */
function visibleText(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/&[#a-z0-9]+;/gi, " ");
}

/**
 * Her searchable words, each once, then the marks of the catalogue's values she has (decision
 * 130). Her medical history (illnesses) is not read: no one finds a helper by what she suffers from.
 */
export function biodataWords(row: TextRow): string[] {
  const offered = offeredCares(row.cares, experiencedAreas(row.skills));
  const parts: (string | null)[] = [
    visibleText(row.specialNotes),
    row.dietaryRestrictions,
    row.foodHandlingOther,
    row.otherRemarks,
    ...spellings("nationality", row.nationality),
    ...spellings("religion", row.religion),
    ...spellings("motherTongue", row.motherTongue),
    ...row.otherLanguages.flatMap((slug) => spellings("language", slug)),
    // The cares she offers as the filter and her card read them (decision 105): listed, or experienced in their row.
    ...offered.flatMap((slug) => spellings("care", slug)),
  ];
  const marks = [
    valueMark("nationality", row.nationality),
    valueMark("experience", row.experience),
    valueMark("religion", row.religion),
    valueMark("language", row.motherTongue),
    ...row.otherLanguages.map((slug) => valueMark("language", slug)),
    ...offered.map((slug) => valueMark("care", slug)),
  ];
  for (const [area, entry] of Object.entries(row.skills)) {
    if (!entry || !(entry.willing || entry.experienced)) continue;
    parts.push(skillArea(area)?.label ?? area, entry.detail, entry.note);
    marks.push(valueMark("skill", area));
  }
  for (const job of row.employment) parts.push(job.duties, job.remarks, job.feedback);
  return [...new Set([...parts.flatMap((part) => (part ? wordsOf(part) : [])), ...marks])];
}
