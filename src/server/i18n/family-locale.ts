/**
 * The families' default language (decision 114): the language of the plain public addresses
 * (`/posts`); the other family language has its prefix. An operator sets it on
 * /admin/settings; it is kept in the database, so every instance reads the same. Each instance
 * remembers it for a short while (a page never waits on the database for it) and drops its kept
 * pages when it changes, since their words change. The operator who last changed it is named by
 * the accounts feature, through the function the setting's maker hands over: the ground reads no
 * feature's table.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../db/connect";
import { siteSettings } from "../db/schema";
import { forbidden, unauthorized } from "../http/errors";
import { isFamilyLocale, type FamilyLocale } from "../../shared/i18n/locales";

const NAME = "family_locale";

export interface FamilyLocaleSetting {
  /** The default as last read (at most `maxAgeMs` old); English until the first read. */
  current(): FamilyLocale;
  /** Reads it again now if the last read is older than `maxAgeMs`. */
  refresh(): Promise<FamilyLocale>;
  /** An operator's change (anyone else is refused): stored, and in force on this instance at once. */
  set(locale: FamilyLocale, by: { id: string; role: string } | null | undefined): Promise<void>;
  /** The stored value and its last change, for the operator's screen (never cached). */
  describe(): Promise<FamilyLocaleState>;
}

export interface FamilyLocaleState {
  locale: FamilyLocale;
  /** When an operator last changed it; null while it has never been set. */
  updatedAt: Date | null;
  /** That operator's name, null when unknown (never set, or the account is gone). */
  updatedBy: string | null;
}

/** An account's name by its id, read with `db` (the accounts feature's, handed over by the setting's maker); null when none has it. */
export type AccountName = (db: Database, id: string) => Promise<string | null>;

export function createFamilyLocaleSetting(
  db: Database,
  onChange: (locale: FamilyLocale) => void,
  accountName: AccountName,
  maxAgeMs = 15_000,
): FamilyLocaleSetting {
  let value: FamilyLocale = "en";
  let readAt = -Infinity;
  let reading: Promise<FamilyLocale> | undefined;

  const adopt = (locale: FamilyLocale) => {
    if (locale !== value) {
      value = locale;
      onChange(locale);
    }
  };
  const read = async (): Promise<FamilyLocale> => {
    const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.name, NAME));
    readAt = Date.now();
    adopt(isFamilyLocale(row?.value) ? row.value : "en");
    return value;
  };

  return {
    current: () => value,
    refresh() {
      if (Date.now() - readAt < maxAgeMs) return Promise.resolve(value);
      // A failed read keeps the last known language and is tried again on the next request: the
      // database's trouble is the page's to report (its own reads fail and show the error screen).
      reading ??= read()
        .catch(() => value)
        .finally(() => (reading = undefined));
      return reading;
    },
    async set(locale, by) {
      if (!by) throw unauthorized();
      if (by.role !== "operator") throw forbidden("Only operators may change the families' language.");
      const operatorId = by.id;
      await db
        .insert(siteSettings)
        .values({ name: NAME, value: locale, updatedBy: operatorId })
        .onConflictDoUpdate({ target: siteSettings.name, set: { value: locale, updatedBy: operatorId, updatedAt: new Date() } });
      readAt = Date.now();
      adopt(locale);
    },
    async describe() {
      const [row] = await db.select().from(siteSettings).where(eq(siteSettings.name, NAME));
      readAt = Date.now();
      adopt(isFamilyLocale(row?.value) ? row.value : "en");
      const updatedBy = row?.updatedBy ? await accountName(db, row.updatedBy) : null;
      return { locale: value, updatedAt: row?.updatedAt ?? null, updatedBy };
    },
  };
}

/** The families' default language as stored now, for work done outside a request (a notice's links). */
export async function storedFamilyLocale(db: Pick<Database, "select">): Promise<FamilyLocale> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.name, NAME));
  return isFamilyLocale(row?.value) ? row.value : "en";
}
