/**
 * The catalogue's words in the page's language (src/shared/messages), apart from the catalogue
 * itself: every page's script carries the catalogue (the listing reads its slugs), and only the
 * pages that show these words carry them, each in five languages. An entry's `label` stays the
 * English one the API, the search index and old links know.
 */
import { catalogue, type careGroups, type CatalogueName, type LanguageLevels } from "./catalogue";
import { m } from "./i18n/compiled/messages.js";

const LABELS: Record<CatalogueName, (slug: string) => string> = {
  nationality: (slug) => m.shared_nationality({ slug }),
  experience: (slug) => m.shared_experience({ slug }),
  motherTongue: (slug) => m.shared_mother_tongue({ slug }),
  language: (slug) => m.shared_language({ slug }),
  marital: (slug) => m.shared_marital({ slug }),
  religion: (slug) => m.shared_religion({ slug }),
  care: (slug) => m.shared_care({ slug }),
  education: (slug) => m.shared_education({ slug }),
  english: (slug) => m.shared_english({ slug }),
  status: (slug) => m.shared_status({ slug }),
};

/** The label of a stored slug in the page's language; an unknown slug is shown as it is rather than hidden. */
export function labelOf(name: CatalogueName, slug: string | null | undefined): string | undefined {
  if (slug == null || slug === "") return undefined;
  return LABELS[name](slug);
}

/** A list's choices for a drop-down or boxes: the slug sent, the words in the page's language. */
export function catalogueOptions(name: CatalogueName): { value: string; label: string }[] {
  return catalogue[name].map((entry) => ({ value: entry.slug, label: LABELS[name](entry.slug) }));
}

/**
 * The languages she speaks, each with her level when one is stated, in the page's language:
 * ["Mandarin (Good)", "Cantonese"] (decision 134). English's level is its own field.
 */
export function spokenLanguages(languages: readonly string[], levels: LanguageLevels): string[] {
  return languages.map((language) => {
    const level = (levels as Record<string, string | undefined>)[language];
    const name = LABELS.language(language);
    return level ? m.shared_language_with_level({ language: name, level: LABELS.english(level) }) : name;
  });
}

/** A care group's words ("Infant or child care"); a group of one care reads as that care. */
export function careGroupLabel(group: (typeof careGroups)[number]): string {
  return group.cares.length === 1 ? m.shared_care({ slug: group.cares[0] }) : m.shared_care_group({ group: group.cares.join("-") });
}
