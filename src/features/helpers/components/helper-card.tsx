import { Link } from "react-router";
import { availabilityShort } from "../../../shared/availability";
import { formatOffDaysShort, formatSalary, initialsOf, listText } from "../../../shared/format";
import { localHref } from "../../../shared/i18n/page-locale";
import type { HelperCard as HelperCardData } from "../../../shared/helper-types";
import { paths } from "../../../ui/paths";
import { helperOpenedFromCard } from "../../../ui/pixel";
import { ContactButtons } from "./contact-buttons";
import { MessageSupplierLink } from "../../conversations/components/message-supplier-link";
import { RelativeTime } from "../../../ui/relative-time";
import { ShortlistToggle } from "../../shortlist/components/shortlist-toggle";
import { m } from "../../../shared/i18n/compiled/messages.js";

/** A calm tint per name, so a wall of placeholders is not one grey block; all pass contrast with the ink. */
const PLACEHOLDER_TINTS = ["#dcebe8", "#e8e1f0", "#f3e6d8", "#dde7f3", "#efe0e4", "#e4ecd9"];

function tintFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PLACEHOLDER_TINTS[hash % PLACEHOLDER_TINTS.length]!;
}

export function HelperPhoto({
  helper,
  size,
  eager = false,
  noPhoto,
}: {
  helper: Pick<HelperCardData, "name" | "photo">;
  size: "thumb" | "full";
  eager?: boolean;
  /** What a photo's absence is called, from a page in another language than the families' (the supplier's). */
  noPhoto?: string;
}) {
  const [width, height] = size === "thumb" ? [320, 427] : [600, 800];
  if (!helper.photo) {
    return (
      <div
        className="photo placeholder"
        style={{ aspectRatio: `${width} / ${height}`, background: tintFor(helper.name) }}
        role="img"
        aria-label={noPhoto ?? m.helpers_no_photo({ name: helper.name })}
      >
        <span aria-hidden="true">{initialsOf(helper.name)}</span>
      </div>
    );
  }
  return (
    <img
      className="photo"
      src={size === "thumb" ? helper.photo.thumbUrl : helper.photo.url}
      alt={m.helpers_photo_of({ name: helper.name })}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
    />
  );
}

/**
 * At most three care chips keep every card the same height; the list is labelled "Care". The
 * cares a family asked for (`sought`) come first, so a search for bedridden care shows it on
 * every card even when she offers four cares.
 */
const CARD_CARES = 3;

/**
 * The languages a family filtered for that she speaks, each with her level when stated
 * ("Speaks Cantonese (Good)"); nothing when the family asked for none (decision 134).
 */
export function soughtLanguagesText(
  helper: Pick<HelperCardData, "otherLanguages" | "languageLevels">,
  sought: readonly string[],
): string | undefined {
  const spoken = helper.otherLanguages.filter((language) => sought.includes(language));
  if (spoken.length === 0) return undefined;
  return m.helpers_card_speaks({
    languages: listText(
      spoken.map((language) => {
        const level = helper.languageLevels[language];
        const name = m.shared_language({ slug: language });
        return level ? m.shared_language_with_level({ language: name, level: m.shared_english({ slug: level }) }) : name;
      }),
    ),
  });
}

/**
 * A card made for scanning on a phone: who, what it costs, what she does, who supplies her.
 * Every other field is on the biodata page.
 */
export function HelperCard({
  helper,
  eager = false,
  onOpen,
  headingLevel = 2,
  sought = [],
  soughtLanguages = [],
}: {
  helper: HelperCardData;
  sought?: readonly string[] | undefined;
  /** The languages the family filtered for: those she speaks are named on the card, with her level. */
  soughtLanguages?: readonly string[] | undefined;
  eager?: boolean;
  onOpen?: (helper: HelperCardData) => void;
  /** 3 where the cards sit under a section's own heading. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const opened = (event: React.MouseEvent) => {
    helperOpenedFromCard(helper, event);
    onOpen?.(helper);
  };
  const facts = [
    helper.age == null ? undefined : m.helpers_card_age({ age: helper.age }),
    // Only these two lists' words: the whole catalogue's, in five languages, stays off the listing's script.
    helper.nationality ? m.shared_nationality({ slug: helper.nationality }) : undefined,
    helper.experience ? m.shared_experience({ slug: helper.experience }) : undefined,
  ].filter(Boolean);
  const languages = soughtLanguagesText(helper, soughtLanguages);
  return (
    <article className="helper-card" aria-labelledby={`helper-${helper.id}`}>
      <Link to={localHref(paths.helper(helper.id))} className="helper-card-photo" tabIndex={-1} aria-hidden="true" onClick={opened}>
        <HelperPhoto helper={helper} size="thumb" eager={eager} />
      </Link>
      <div className="helper-card-body">
        <Heading id={`helper-${helper.id}`} className="helper-name">
          {helper.name}
        </Heading>
        <p className="helper-facts">{facts.join(" · ")}</p>
        <p className="availability">
          {availabilityShort(helper.availableFrom)}
          {helper.hire === "direct" ? <span className="hire-mark">{m.shared_hire({ kind: "direct" })}</span> : null}
        </p>
        <p className="helper-terms">
          <strong>{formatSalary(helper.salary)}</strong>
          {m.helpers_a_month()} · {formatOffDaysShort(helper.offDays)}
        </p>
        {helper.cares.length > 0 ? (
          <ul className="chips" aria-label={m.helpers_care()}>
            {[...helper.cares.filter((care) => sought.includes(care)), ...helper.cares.filter((care) => !sought.includes(care))]
              .slice(0, CARD_CARES)
              .map((care) => (
                <li key={care}>{m.helpers_care_chip({ care })}</li>
              ))}
          </ul>
        ) : null}
        {languages ? <p className="helper-languages">{languages}</p> : null}
        <p className="helper-supplier">
          {helper.supplier.name} · {m.helpers_updated()} <RelativeTime date={helper.publishedAt} />
        </p>
      </div>
      <div className="helper-card-actions">
        <Link to={localHref(paths.helper(helper.id))} className="button details-link" onClick={opened}>
          {m.helpers_details()}
          <span className="visually-hidden">{m.helpers_details_about({ name: helper.name })}</span>
        </Link>
        {helper.hire === "direct" ? (
          // Reached only through the site (decision 197): her card has no WhatsApp button.
          <MessageSupplierLink helperId={helper.id} name={helper.name} label={m.helpers_card_message()} />
        ) : (
          <ContactButtons helperId={helper.id} name={helper.name} reference={helper.ref} supplier={helper.supplier} channels="whatsapp" />
        )}
        <ShortlistToggle helper={helper} compact />
      </div>
    </article>
  );
}
