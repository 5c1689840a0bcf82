/**
 * The words a family may type for a catalogue value, beside the names the catalogue and the
 * message catalogue already give it (decision 130): one file per family language. The server
 * alone reads them (the forgiving search), so no page's script carries them.
 */
import type { Care, Experience, MotherTongue, Nationality, OtherLanguage, Religion } from "../catalogue";
import type { SkillAreaSlug } from "../biodata-catalogue";

/** Conditions a helper may have cared for: a family's word for one finds helpers whose biodata tells of caring for it. */
export const conditions = ["dementia", "stroke", "parkinson", "diabetes", "autism"] as const;
export type Condition = (typeof conditions)[number];

type Words<Slug extends string> = Partial<Record<Slug, readonly string[]>>;

export interface SearchWords {
  nationality: Words<Nationality>;
  care: Words<Care>;
  skill: Words<SkillAreaSlug>;
  /** The languages she speaks: other languages and mother tongues alike. */
  language: Words<OtherLanguage | MotherTongue>;
  religion: Words<Religion>;
  experience: Words<Experience>;
  /**
   * A condition's words. In English they are also the words searched for in what her biodata
   * tells of her work (skills' notes, past jobs, remarks), never in her own medical history.
   */
  condition: Record<Condition, readonly string[]>;
  /** Words that say nothing about whom the family wants ("helper", "的"): left out of a search. */
  ignored: readonly string[];
}
