/**
 * The card of every available helper, for searches answered from the in-memory index (decision
 * 072): a search's page is then read from memory, with no query. Each card is kept with the
 * version of the rows it was read from (PostgreSQL's `xmin` of the helper's row and of her
 * supplier's, which every update changes; the accounts' read model gives the latter), so when the
 * index is built again after a change only the cards whose rows changed are read again, and a
 * burst of saves costs a few rows, not all.
 * A card shows her age, so it is made again the first time it is asked for on a new day, from
 * the date of birth kept beside it (never in the card: the date is for families past the gate).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { ageFromIso, calendarDateAt, formatIsoDate } from "../../../shared/age";
import type { HelperCard } from "../../../shared/helper-types";
import type { Database } from "../../../server/db/connect";
import { accountProfiles } from "../../accounts";
import { helpers } from "./tables";
import { cardColumns, supplierColumns, toCard } from "./helper-reads";
import { biodataWords, textColumns } from "./search-text";
import { listedHelpers, type PublicRule } from "./visibility";

/** The rows' versions: any update of the helper or of her supplier changes it. */
export const rowVersion = sql<string>`${helpers}.xmin::text || '.' || ${accountProfiles.version}`;

/** How many cards one query reads, so that other queries are answered between them. */
const READ_BATCH = 1000;

interface Entry {
  version: string;
  card: HelperCard;
  /** Her date of birth, YYYY-MM-DD, for the age on a new day. */
  born: string;
  /** The day (in Singapore) whose age the card shows. */
  day: string;
  /** The words of her biodata a search reads beside names (search-text.ts). */
  words: readonly string[];
}

type ReadCard = { version: string; card: HelperCard; born: string; words: string[] };

/** Listed helpers' cards by id, as the database has them. */
export async function readCards(db: Database, rule: PublicRule, ids: readonly string[], now: Date): Promise<ReadCard[]> {
  const rows = await db
    .select({ ...cardColumns, ...supplierColumns, ...textColumns, version: rowVersion })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(and(inArray(helpers.id, [...ids]), listedHelpers(rule)));
  return rows.map(({ version, ...row }) => ({ version, card: toCard(row, now), born: row.dateOfBirth, words: biodataWords(row) }));
}

export class CardStore {
  private entries = new Map<string, Entry>();
  private read = 0;
  /** The refresh under way: refreshes run one after the other, so the last one asked wins. */
  private refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly rule: PublicRule) {}

  /**
   * Makes the store hold exactly these helpers, at these versions: reads the cards it lacks or
   * holds at another version, and lets go of the others.
   */
  refresh(db: Database, rows: readonly { id: string; version: string }[], now = new Date()): Promise<void> {
    const run = this.refreshing.then(() => this.apply(db, rows, now));
    this.refreshing = run.catch(() => undefined);
    return run;
  }

  private async apply(db: Database, rows: readonly { id: string; version: string }[], now: Date): Promise<void> {
    const stale = rows.filter((row) => this.entries.get(row.id)?.version !== row.version).map((row) => row.id);
    const day = dayOf(now);
    const read = new Map<string, Entry>();
    const shared = new Shared();
    for (let start = 0; start < stale.length; start += READ_BATCH) {
      for (const found of await readCards(db, this.rule, stale.slice(start, start + READ_BATCH), now)) {
        read.set(found.card.id, shared.entry(found, day));
      }
    }
    this.read += read.size;
    const entries = new Map<string, Entry>();
    for (const { id } of rows) {
      // A row read just now may be newer than the version listed (a change in between): it is
      // kept at its own version, and the next build compares again.
      const entry = read.get(id) ?? this.entries.get(id);
      if (entry) entries.set(id, entry);
    }
    this.entries = entries;
  }

  /**
   * Reads again the cards of these helpers only (a change that left the index as it was): the
   * ones listed now are kept at their new version, the others let go.
   */
  patch(db: Database, ids: readonly string[], now = new Date()): Promise<void> {
    const run = this.refreshing.then(async () => {
      const day = dayOf(now);
      const shared = new Shared();
      const read = await readCards(db, this.rule, ids, now);
      for (const id of ids) this.entries.delete(id);
      for (const found of read) this.entries.set(found.card.id, shared.entry(found, day));
      this.read += read.length;
    });
    this.refreshing = run.catch(() => undefined);
    return run;
  }

  /** The cards of these ids in their order, or undefined when one is not held. */
  cards(ids: readonly string[], now: Date): HelperCard[] | undefined {
    const day = dayOf(now);
    const cards: HelperCard[] = [];
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (!entry) return undefined;
      if (entry.day !== day) {
        entry.card = { ...entry.card, age: ageFromIso(entry.born, now) ?? null };
        entry.day = day;
      }
      cards.push(entry.card);
    }
    return cards;
  }

  /** Her searchable words as last read; undefined when her card is not held. */
  wordsOf(id: string): readonly string[] | undefined {
    return this.entries.get(id)?.words;
  }

  get size(): number {
    return this.entries.size;
  }

  /** How many cards refreshes have read from the database so far. */
  get cardsRead(): number {
    return this.read;
  }
}

/**
 * One copy of what many cards repeat (catalogue words, a supplier, a list of care types, a
 * date), as they are read together: a card then costs about half the memory.
 */
class Shared {
  private readonly values = new Map<string, unknown>();

  private one<T>(key: string, value: T): T {
    const known = this.values.get(key);
    if (known !== undefined) return known as T;
    this.values.set(key, value);
    return value;
  }

  word<T extends string | null>(value: T): T {
    return value === null ? value : this.one(`w${value}`, value);
  }

  entry({ version, card, born, words }: ReadCard, day: string): Entry {
    return { version, card: this.card(card), born: this.word(born), day, words: words.map((word) => this.word(word)) };
  }

  card(card: HelperCard): HelperCard {
    const word = <T extends string | null>(value: T): T => this.word(value);
    return {
      ...card,
      nationality: word(card.nationality),
      experience: word(card.experience),
      cares: this.one(`c${card.cares.join()}`, card.cares),
      marital: word(card.marital),
      religion: word(card.religion),
      english: word(card.english),
      motherTongue: word(card.motherTongue),
      otherLanguages: this.one(`l${card.otherLanguages.join()}`, card.otherLanguages),
      languageLevels: this.one(`v${JSON.stringify(card.languageLevels)}`, card.languageLevels),
      supplier: this.one(
        `s${card.supplier.id}|${card.supplier.name}|${card.supplier.image}|${card.supplier.whatsapp}|${card.supplier.telegram}`,
        card.supplier,
      ),
      availableFrom: word(card.availableFrom),
    };
  }
}

const dayOf = (now: Date) => formatIsoDate(calendarDateAt(now));
