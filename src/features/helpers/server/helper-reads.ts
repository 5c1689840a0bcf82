/**
 * Reading helpers: the public listing (filtered and paginated in the database), one public
 * record, and a supplier's own list. Writes live in helper-writes.ts.
 */
import {
  and,
  arrayContains,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { BiodataGated, BiodataPrivate, BiodataPublic } from "../../../shared/biodata-types";
import { birthDateRange, calendarDateAt, ageFromIso } from "../../../shared/age";
import type { GatedHelperRecord, HelperCard, HelperPage, HelperRecord, OwnedHelperRecord } from "../../../shared/helper-types";
import type { HelperQuery } from "../../../shared/listing-query";
import { photoUrls } from "../../../shared/media";
import type { Database, Executor } from "../../../server/db/connect";
import { escapeLike } from "../../../server/db/escape-like";
import { accountProfiles } from "../../accounts";
import { helpers, type HelperRow } from "./tables";
import { listedHelpers, shownHelpers, type PublicRule } from "./visibility";
import { isUuid } from "../../../shared/uuid";
import { referenceIn } from "../../../shared/search-terms";
import { careArea, careOfArea, offeredCares } from "../../../shared/catalogue";

/**
 * What a biodata shows of its owner. A helper publishing herself (a direct hire, decision 197) is
 * reached only through the site: her number and Telegram are never read for it, here, once.
 */
export const supplierColumns = {
  supplierName: accountProfiles.name,
  supplierCompany: accountProfiles.companyName,
  supplierImage: accountProfiles.image,
  supplierPhone: sql<string | null>`case when ${accountProfiles.directHire} then null else ${accountProfiles.phone} end`,
  supplierTelegram: sql<string | null>`case when ${accountProfiles.directHire} then null else ${accountProfiles.telegram} end`,
  supplierDirect: accountProfiles.directHire,
};
export type RowWithSupplier = HelperRow & {
  supplierName: string;
  supplierCompany: string | null;
  supplierImage: string | null;
  supplierPhone: string | null;
  supplierTelegram: string | null;
  supplierDirect: boolean;
};

/** The listing's conditions; the query they go into joins the supplier's account (`account_profiles`). */
export function listingConditions(query: Omit<HelperQuery, "sort" | "page" | "pageSize">, rule: PublicRule, now = new Date()): SQL[] {
  const conditions: SQL[] = [listedHelpers(rule)];
  if (query.nationality) conditions.push(inArray(helpers.nationality, query.nationality));
  if (query.experience) conditions.push(inArray(helpers.experience, query.experience));
  if (query.motherTongue) conditions.push(inArray(helpers.motherTongue, query.motherTongue));
  if (query.marital) conditions.push(inArray(helpers.marital, query.marital));
  if (query.religion) conditions.push(inArray(helpers.religion, query.religion));
  if (query.language) conditions.push(arrayOverlaps(helpers.otherLanguages, query.language));
  // A care is offered when the biodata lists it or records experience in its row (decision 105).
  if (query.care) {
    const areas = query.care.map((care) => careArea(care)!);
    conditions.push(or(arrayOverlaps(helpers.cares, query.care), arrayOverlaps(helpers.skillAreas, areas))!);
  }
  if (query.supplier) conditions.push(eq(helpers.supplierId, query.supplier));
  if (query.salaryMax !== undefined) conditions.push(lte(helpers.salary, query.salaryMax));
  const born = birthDateRange(calendarDateAt(now), query.ageMin, query.ageMax);
  if (born.bornOnOrBefore) conditions.push(lte(helpers.dateOfBirth, born.bornOnOrBefore));
  if (born.bornOnOrAfter) conditions.push(gte(helpers.dateOfBirth, born.bornOnOrAfter));
  // Experience in every area named; available on or before the day (null: available now);
  // any of the interview ways named.
  if (query.skill) {
    const others = query.skill.filter((area) => !careOfArea(area));
    if (others.length > 0) conditions.push(arrayContains(helpers.skillAreas, others));
    for (const area of query.skill) {
      const care = careOfArea(area);
      if (care) conditions.push(or(arrayContains(helpers.skillAreas, [area]), arrayContains(helpers.cares, [care]))!);
    }
  }
  if (query.availableBy) conditions.push(or(isNull(helpers.availableFrom), lte(helpers.availableFrom, query.availableBy))!);
  if (query.interview) conditions.push(arrayOverlaps(helpers.interview, query.interview));
  if (query.hire) conditions.push(eq(accountProfiles.directHire, query.hire === "direct"));
  if (query.q) {
    // A reference written another way ("DH 1013", "(ref DH1013)") is looked for as a reference only.
    const reference = referenceIn(query.q);
    const text = escapeLike(query.q);
    conditions.push(
      reference ? ilike(helpers.ref, `${reference}%`) : or(ilike(helpers.name, `%${text}%`), ilike(helpers.ref, `${text}%`))!,
    );
  }
  return conditions;
}

export function orderBy(sort: HelperQuery["sort"]) {
  switch (sort) {
    case "salary":
      return [asc(helpers.salary), desc(helpers.publishedAt), desc(helpers.id)];
    case "age":
      return [desc(helpers.dateOfBirth), desc(helpers.publishedAt), desc(helpers.id)];
    default:
      return [desc(helpers.publishedAt), desc(helpers.id)];
  }
}

/** Some of an object's properties, under their own types. */
function pick<T extends object, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = from[key];
  return picked;
}

/** The columns a card shows: the listing reads these only, not the whole record. */
export const cardColumns = pick(getTableColumns(helpers), [
  "id",
  "ref",
  "name",
  "nationality",
  "experience",
  "salary",
  "offDays",
  "cares",
  "skillAreas",
  "dateOfBirth",
  "heightCm",
  "weightKg",
  "marital",
  "childrenAges",
  "religion",
  "english",
  "motherTongue",
  "otherLanguages",
  "languageLevels",
  "photo",
  "supplierId",
  "publishedAt",
  "availableFrom",
]);
export type CardRow = Pick<HelperRow, keyof typeof cardColumns> &
  Pick<RowWithSupplier, "supplierName" | "supplierCompany" | "supplierImage" | "supplierPhone" | "supplierTelegram" | "supplierDirect">;

/** A card as anyone sees it: her age, read from the date of birth, which stays behind. */
export function toCard(row: CardRow, now = new Date()): HelperCard {
  return {
    id: row.id,
    ref: row.ref,
    name: row.name,
    nationality: row.nationality as HelperCard["nationality"],
    experience: row.experience as HelperCard["experience"],
    salary: row.salary,
    offDays: row.offDays,
    cares: offeredCares(row.cares, row.skillAreas),
    age: ageFromIso(row.dateOfBirth, now) ?? null,
    heightCm: row.heightCm,
    weightKg: row.weightKg,
    marital: row.marital as HelperCard["marital"],
    childrenAges: row.childrenAges,
    religion: row.religion as HelperCard["religion"],
    english: row.english as HelperCard["english"],
    motherTongue: row.motherTongue as HelperCard["motherTongue"],
    otherLanguages: row.otherLanguages as HelperCard["otherLanguages"],
    languageLevels: row.languageLevels,
    photo: photoUrls(row.photo),
    supplier: {
      id: row.supplierId,
      name: row.supplierCompany || row.supplierName,
      image: photoUrls(row.supplierImage)?.thumbUrl ?? null,
      whatsapp: !row.supplierDirect && row.supplierPhone ? row.supplierPhone.replace(/\D/g, "") : null,
      telegram: (!row.supplierDirect && row.supplierTelegram) || null,
    },
    hire: row.supplierDirect ? "direct" : "agency",
    publishedAt: row.publishedAt.toISOString(),
    availableFrom: row.availableFrom,
  };
}

/** Parts A to D that anyone may read; the gated and the private details are left behind here. */
function biodataPublic(row: HelperRow): BiodataPublic {
  return {
    placeOfBirth: row.placeOfBirth,
    siblings: row.siblings,
    dietaryRestrictions: row.dietaryRestrictions,
    handlesPork: row.handlesPork,
    handlesBeef: row.handlesBeef,
    foodHandlingOther: row.foodHandlingOther,
    otherRemarks: row.otherRemarks,
    skillsEvaluation: row.skillsEvaluation as BiodataPublic["skillsEvaluation"],
    skillsEvaluationOther: row.skillsEvaluationOther,
    skills: row.skills,
    employment: row.employment,
    workedInSingapore: row.workedInSingapore,
    availableFrom: row.availableFrom,
    interview: row.interview as BiodataPublic["interview"],
    directHireReason: row.directHireReason as BiodataPublic["directHireReason"],
    employerConsent: row.employerConsent,
    releaseDate: row.releaseDate,
  };
}

function biodataGated(row: HelperRow): BiodataGated {
  return {
    dateOfBirth: row.dateOfBirth,
    allergies: row.allergies,
    illnesses: row.illnesses as BiodataGated["illnesses"],
    illnessOther: row.illnessOther,
    disabilities: row.disabilities,
  };
}

export function biodataPrivate(row: Pick<HelperRow, keyof BiodataPrivate>): BiodataPrivate {
  return {
    homeAddress: row.homeAddress,
    repatriationPort: row.repatriationPort,
    homePhone: row.homePhone,
  };
}

function toRecord(row: RowWithSupplier, now = new Date()): HelperRecord {
  return {
    ...toCard(row, now),
    ...biodataPublic(row),
    singaporeExperience: row.singaporeExperience,
    education: row.education as HelperRecord["education"],
    specialNotes: row.specialNotes,
    status: row.status as HelperRecord["status"],
    photoKey: row.photo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The whole record but the private details: for the owner's own list. */
function toGatedRecord(row: RowWithSupplier): GatedHelperRecord {
  return { ...toRecord(row), ...biodataGated(row) };
}

/** The whole record, private details too: for its owner and operators (the caller checked who asks). */
export function toOwnedRecord(row: RowWithSupplier): OwnedHelperRecord {
  return { ...toGatedRecord(row), privateDetails: biodataPrivate(row), eaPersonnelId: row.eaPersonnelId };
}

/** A listing page counted and read in two queries; `extra` narrows it further (a search's ids). */
export async function listingPage(db: Database, rule: PublicRule, query: HelperQuery, now: Date, extra?: SQL): Promise<HelperPage> {
  const where = and(...listingConditions(query, rule, now), extra);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...cardColumns, ...supplierColumns })
      .from(helpers)
      .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
      .where(where)
      .orderBy(...orderBy(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(helpers).innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId)).where(where),
  ]);
  return {
    items: rows.map((row) => toCard(row, now)),
    total: totals?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function helperColumns() {
  return getTableColumns(helpers);
}

async function findWithSupplier(db: Database, rule: PublicRule, id: string): Promise<(RowWithSupplier & { shown: boolean }) | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ ...helperColumns(), ...supplierColumns, shown: sql<boolean>`${shownHelpers(rule)}` })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(eq(helpers.id, id))
    .limit(1);
  return row;
}

/**
 * A helper as the public sees it: any status but draft (a reserved or hired helper's page stays
 * reachable from shared links and says so), of an account that may show it (visibility.ts).
 * Anything else only for its owner and operators.
 */
export async function findHelper(
  db: Database,
  rule: PublicRule,
  id: string,
  viewer?: { id: string; role: string } | null,
): Promise<HelperRecord | undefined> {
  return (await findHelperFor(db, rule, id, { viewer, family: false }))?.helper;
}

/** Who reads a biodata: the signed-in viewer, if any, and whether this browser passed the visitor gate. */
export interface BiodataReader {
  viewer?: { id: string; role: string } | null;
  /** A visitor cookie whose lead exists came with the request: a family who left their name and number. */
  family: boolean;
}

const ownsOrOperates = (viewer: BiodataReader["viewer"], supplierId: string) =>
  Boolean(viewer && (viewer.role === "operator" || viewer.id === supplierId));

/**
 * A biodata as `findHelper` gives it, and beside it the gated details (medical history, date of
 * birth) when this reader may see them: a family past the gate, the owner or an operator; null
 * for anyone else.
 */
export async function findHelperFor(
  db: Database,
  rule: PublicRule,
  id: string,
  reader: BiodataReader,
): Promise<{ helper: HelperRecord; gated: BiodataGated | null } | undefined> {
  const found = await findWithSupplier(db, rule, id);
  if (!found) return undefined;
  const { shown, ...row } = found;
  const owns = ownsOrOperates(reader.viewer, row.supplierId);
  if (!shown && !owns) return undefined;
  return { helper: toRecord(row), gated: owns || reader.family ? biodataGated(row) : null };
}

/**
 * The private details of a biodata, for its owner and operators only (their form and PDF);
 * undefined for anyone else or an unknown id.
 */
export async function findPrivateDetails(
  db: Database,
  id: string,
  viewer: { id: string; role: string } | null | undefined,
): Promise<BiodataPrivate | undefined> {
  if (!viewer || !isUuid(id)) return undefined;
  const [row] = await db
    .select({
      supplierId: helpers.supplierId,
      homeAddress: helpers.homeAddress,
      repatriationPort: helpers.repatriationPort,
      homePhone: helpers.homePhone,
    })
    .from(helpers)
    .where(eq(helpers.id, id))
    .limit(1);
  if (!row || (viewer.role !== "operator" && viewer.id !== row.supplierId)) return undefined;
  return biodataPrivate(row);
}

export async function listSupplierHelpers(db: Database, supplierId: string): Promise<GatedHelperRecord[]> {
  const rows = await db
    .select({ ...helperColumns(), ...supplierColumns })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(eq(helpers.supplierId, supplierId))
    .orderBy(desc(helpers.updatedAt));
  return rows.map(toGatedRecord);
}

/**
 * Several helpers by id, in the order asked, for a shortlist: drafts and unknown ids are left
 * out (the page says they are no longer listed), other statuses are kept so the page can say so.
 */
export async function findPublicHelpers(db: Executor, rule: PublicRule, ids: readonly string[]): Promise<HelperRecord[]> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ ...helperColumns(), ...supplierColumns })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(and(inArray(helpers.id, wanted), shownHelpers(rule)));
  const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
  return wanted.map((id) => byId.get(id)).filter((record): record is HelperRecord => record !== undefined);
}

/**
 * The helper a reference names (DH1042, any case), for a search by reference: any status but
 * draft, so a reserved or hired helper's reference opens her page, which says so.
 */
export async function findShownIdByRef(db: Database, rule: PublicRule, ref: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: helpers.id })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(and(eq(helpers.ref, ref.trim().toUpperCase()), shownHelpers(rule)))
    .limit(1);
  return row?.id;
}
