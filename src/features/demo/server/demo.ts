/**
 * Demo data for a new site: four suppliers (who can sign in) and their helpers with drawn
 * photos. Written only into an empty database unless asked otherwise. The demo is the one
 * writer of other features' tables: it seeds the accounts', suppliers' and helpers' own tables
 * in bulk, imported from their indexes, rather than through their services (decision 190).
 */
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../../server/db/connect";
import { account, user } from "../../accounts";
import { helpers, type NewHelperRow } from "../../helpers";
import { eaPersonnel } from "../../suppliers";
import { newMediaKey, renderVariants, storeImage, storeVariants, type MediaStorage } from "../../media";
import { bulkInsert, withIndexesBuiltAfter } from "./bulk-insert";
import { checkDemoHelpers } from "./demo-check";
import { demoHelpers } from "./demo-helpers";
import { logoSvg, portraitSvg, rasterise, seededRandom, type Sitter } from "./portraits";

export const DEMO_PASSWORD = "demo-password";
/** How the demo agencies' licences were checked, as an operator notes it. */
export const DEMO_LICENCE_NOTE = "Checked MOM EA directory: licence current, agency name matches";

export const DEMO_SUPPLIERS = [
  {
    email: "goldenbridge@demo.directhelpers.sg",
    name: "Grace Tan",
    companyName: "Golden Bridge Employment Agency",
    eaLicenceNumber: "19C9871",
    phone: "+6562345678",
    color: "#b8860b",
    initials: "GB",
    // Its registered EA personnel: its biodata name the first (decision 162).
    personnel: [
      { name: "Grace Tan Mei Ling", registrationNumber: "R1765432" },
      { name: "Muhammad Hafiz bin Rahman", registrationNumber: "R1987654" },
    ],
  },
  {
    email: "manilastar@demo.directhelpers.sg",
    name: "Ramon Cruz",
    companyName: "Manila Star Overseas Manpower",
    eaLicenceNumber: "21C4410",
    phone: "+639171234567",
    color: "#1f5f99",
    initials: "MS",
    personnel: [{ name: "Ramon Cruz", registrationNumber: "R2134567" }],
  },
  {
    email: "yangoncare@demo.directhelpers.sg",
    name: "Thura Aung",
    companyName: "Yangon Care Recruitment",
    eaLicenceNumber: "18C2205",
    phone: "+959791234567",
    color: "#2e7d32",
    initials: "YC",
    personnel: [{ name: "Thura Aung", registrationNumber: "R1843210" }],
  },
  {
    email: "javaharmony@demo.directhelpers.sg",
    name: "Budi Santoso",
    companyName: "Java Harmony Suppliers",
    eaLicenceNumber: "20C7733",
    phone: "+6281234567890",
    color: "#8e2450",
    initials: "JH",
    personnel: [{ name: "Siti Rahayu", registrationNumber: "R2056789" }],
  },
] as const;

const PHOTOS_AT_ONCE = 4;
/** Past the demo's size, helpers share photos from a pool this big (benchmark databases). */
const PHOTO_POOL = 48;
/** Rows per insert statement (a few megabytes of JSON). */
const ROWS_PER_INSERT = 2000;

/** Helpers cycle Philippines, Indonesia, Myanmar, India; each goes to that country's agency. */
const SUPPLIER_BY_ORIGIN = [1, 3, 2, 0];
/** Up to this many helpers, no supplier has two of one name; past it (benchmark databases) names repeat. */
const NAMES_PER_SUPPLIER = 200;

export interface SeedOptions {
  /** Skip when any helper exists (the start of a new site). */
  ifEmpty?: boolean;
  /** How many helpers; the demo has 72 (64 available, the rest reserved, hired or draft). */
  helpers?: number;
  /** Photos drawn and stored; helpers beyond share them. Default: one each up to 200 helpers, else 48. */
  distinctPhotos?: number;
  seed?: number;
  log?: (message: string) => void;
}

async function ensureSuppliers(db: Database, storage: MediaStorage): Promise<string[]> {
  const ids: string[] = [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const supplier of DEMO_SUPPLIERS) {
    const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, supplier.email));
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const image = await storeImage(storage, "avatars", await rasterise(logoSvg(supplier.initials, supplier.color)));
    const id = randomUUID();
    await db.transaction(async (tx) => {
      await tx.insert(user).values({
        id,
        name: supplier.name,
        email: supplier.email,
        emailVerified: true,
        image,
        role: "supplier",
        companyName: supplier.companyName,
        eaLicenceNumber: supplier.eaLicenceNumber,
        // Checked as an operator would check a real agency's (decision 100), by no account.
        licenceCheckedAt: supplier.eaLicenceNumber ? new Date() : null,
        licenceCheckNote: supplier.eaLicenceNumber ? DEMO_LICENCE_NOTE : null,
        phone: supplier.phone,
      });
      await tx
        .insert(eaPersonnel)
        .values(
          supplier.personnel.map((one, i) => ({ ...one, supplierId: id, checkedAt: new Date(), createdAt: new Date(Date.now() + i) })),
        );
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: passwordHash,
      });
    });
    ids.push(id);
  }
  return ids;
}

/** Each demo agency's second registered EA personnel, where it has one. */
async function secondPersonnel(db: Database, supplierIds: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: eaPersonnel.id, supplierId: eaPersonnel.supplierId })
    .from(eaPersonnel)
    .where(inArray(eaPersonnel.supplierId, supplierIds))
    .orderBy(asc(eaPersonnel.createdAt), asc(eaPersonnel.id));
  const seen = new Set<string>();
  const second = new Map<string, string>();
  for (const row of rows) {
    if (seen.has(row.supplierId) && !second.has(row.supplierId)) second.set(row.supplierId, row.id);
    seen.add(row.supplierId);
  }
  return second;
}

/** The first `howMany` helpers' portraits, each drawn for her (nationality, faith, age). */
async function drawPhotos(
  storage: MediaStorage,
  sitters: Sitter[],
  howMany: number,
  seed: number,
  log: (message: string) => void,
): Promise<string[]> {
  const draw = async (i: number) => {
    const { full, thumb } = await renderVariants(await rasterise(portraitSvg(seed * 7919 + i, sitters[i])), "helpers");
    const key = newMediaKey("helpers");
    await storeVariants(storage, key, full, thumb);
    return key;
  };
  // A few at a time: sharp works on its own threads, so the cores stay busy without piling up.
  const keys: string[] = [];
  for (let start = 0; start < howMany; start += PHOTOS_AT_ONCE) {
    const batch = Array.from({ length: Math.min(PHOTOS_AT_ONCE, howMany - start) }, (_, i) => draw(start + i));
    keys.push(...(await Promise.all(batch)));
    // About four lines in all, so a first start that takes a while shows it is getting on.
    if (keys.length === howMany || keys.length % (PHOTOS_AT_ONCE * Math.ceil(howMany / (PHOTOS_AT_ONCE * 4))) === 0)
      log(`portraits drawn: ${keys.length} / ${howMany}`);
  }
  return keys;
}

export async function seedDemoData(db: Database, storage: MediaStorage, options: SeedOptions = {}): Promise<number> {
  const log = options.log ?? (() => undefined);
  if (options.ifEmpty) {
    const [row] = await db.select({ n: count() }).from(helpers);
    if ((row?.n ?? 0) > 0) return 0;
  }
  const total = options.helpers ?? 72;
  const seed = options.seed ?? 20261122;
  const random = seededRandom(seed);
  const now = new Date();
  log(`writing ${DEMO_SUPPLIERS.length} suppliers and ${total} helpers with their portraits`);
  const supplierIds = await ensureSuppliers(db, storage);

  // The last eighth show the other statuses: reserved, hired, and a draft nobody else sees.
  const list = demoHelpers(total, random, now);
  const supplierOf = (i: number) => SUPPLIER_BY_ORIGIN[i % SUPPLIER_BY_ORIGIN.length]!;
  // A family must be able to believe what it reads: a contradiction stops the seed.
  checkDemoHelpers(list, now, { supplierOf: (i) => String(supplierOf(i)), uniqueNames: total <= NAMES_PER_SUPPLIER });

  const distinct = Math.min(total, options.distinctPhotos ?? (total <= 200 ? total : PHOTO_POOL));
  const sitters = list.map((helper) => ({
    nationality: helper.nationality,
    religion: helper.religion,
    age: now.getUTCFullYear() - Number(helper.dateOfBirth.slice(0, 4)),
  }));
  const photos = await drawPhotos(storage, sitters, distinct, seed, log);
  // Every demo helper gets a photo: an available biodata has one (decision 061).
  if (photos.length === 0) throw new Error("No demo photos were drawn: the demo's helpers need them");

  // An agency with several EA personnel names the second on every other biodata (decision 163).
  const second = await secondPersonnel(db, supplierIds);
  let named = 0;
  const rows: NewHelperRow[] = list.map((helper, i) => {
    const supplierId = supplierIds[supplierOf(i)]!;
    const other = second.get(supplierId);
    return {
      ...helper,
      supplierId,
      photo: photos[i % photos.length]!,
      eaPersonnelId: other && named++ % 2 === 1 ? other : null,
    };
  });
  // All or nothing: a seed that stops half-way would leave a database later starts skip.
  await db.transaction(async (tx) => {
    const insertAll = async () => {
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        await bulkInsert(tx, helpers, rows.slice(start, start + ROWS_PER_INSERT));
        if (rows.length > ROWS_PER_INSERT) log(`${Math.min(start + ROWS_PER_INSERT, rows.length)} / ${rows.length} helpers`);
      }
    };
    if (rows.length > ROWS_PER_INSERT) await withIndexesBuiltAfter(tx, "helpers", insertAll);
    else await insertAll();
  });
  // The planner's figures for what was just written (the embedded database has no autovacuum).
  await db.execute(sql`analyze helpers`);
  return rows.length;
}
