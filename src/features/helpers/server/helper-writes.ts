/**
 * Writing helpers: create, change, delete. The API and the page actions both come here, so the
 * permission checks, the validation and the clean-up of photo files happen the same way for both.
 * Each write is one transaction; photo files are removed only after the row that dropped them
 * is committed, so a failed write never leaves a biodata pointing at a deleted image. A change or
 * a delete reads its row once, locked, inside that transaction, and answers from what it read
 * and wrote (decision 094).
 */
import { and, eq, getTableColumns, ne } from "drizzle-orm";
import type { z } from "zod";
import { experiencedAreas } from "../../../shared/biodata-schema";
import type { HelperStatus, LanguageLevels } from "../../../shared/catalogue";
import type { GatedHelperRecord, HelperRecord, OwnedHelperRecord } from "../../../shared/helper-types";
import {
  fieldErrors,
  helperCreateSchema,
  levelsNotSpoken,
  levelsOfSpoken,
  photoNeededToPublish,
  helperUpdateSchema,
  type HelperUpdateInput,
} from "../../../shared/helper-schema";
import { accountProfile, accountProfiles, requireOwnerOrOperator, requireUser } from "../../accounts";
import type { Viewer } from "../../accounts";
import type { Database, Executor } from "../../../server/db/connect";
import { holdOwnPersonnel } from "../../suppliers";
import { helpers, type HelperRow, type NewHelperRow } from "./tables";
import { badRequest, HttpError, notFound, unauthorized } from "../../../server/http/errors";
import type { MediaStorage } from "../../media";
import { keysNotOwned, lockKey, markUsed, mediaKeysInNotes, releaseUnused, storedFileExists } from "../../media";
import { listSupplierHelpers, supplierColumns, toOwnedRecord } from "./helper-reads";
import { biodataUsesImage } from "./image-use";
import { assertFirstBiodata, directHireFacts, type DirectHireFacts } from "./direct-hire";
import { sanitizeNotes } from "./sanitize-notes";
import { accountMayShow, isListedStatus, isShownStatus, type PublicRule } from "./visibility";
import { isUuid } from "../../../shared/uuid";
import { m } from "../../../shared/i18n/compiled/messages.js";

export interface WriteDeps {
  db: Database;
  storage: MediaStorage;
  /**
   * Delivers, here, the events the write's transaction announced (the database's triggers write
   * them; every other instance reads them too), so the writer's next page shows the change
   * (decision 189). A draft that stays a draft announces nothing.
   */
  announced(): Promise<void>;
  log?: { warn(details: object, message: string): void };
  /** Which accounts' biodata the public sees (visibility.ts). */
  rule: PublicRule;
}

/**
 * A status families would see (available, reserved or hired) waits for the writer's account to
 * be one the public sees (visibility.ts): refused with a message, rather than saved and silently
 * hidden, so the supplier knows why families do not see it (decision 085). Drafts never wait,
 * nor does a save that keeps the status the biodata already had (it stays hidden until
 * confirmation).
 */
function assertMayPublish(
  rule: PublicRule,
  writer: { emailVerified: boolean; role: string },
  status: string | undefined,
  before?: string,
): void {
  if (status === undefined || !isShownStatus(status) || status === before || accountMayShow(rule, writer)) return;
  const message = m.server_error_confirm_email_first();
  throw new HttpError(403, "email_not_verified", message, { status: message });
}

/**
 * An available biodata has a photo: families choose by it (decision 061). Only a write that
 * makes a biodata available, or takes the photo off an available one, is refused; an older
 * listed biodata without a photo can still be edited.
 */
function assertPhotoToPublish(after: { status: string; photo: string | null }, before?: { status: string; photo: string | null }): void {
  if (before && isListedStatus(before.status) && !before.photo) return;
  const message = photoNeededToPublish(after.status, after.photo);
  if (message) throw badRequest(message, { photo: message });
}

function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest(m.server_error_biodata_object());
  }
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(m.server_error_invalid_input(), fieldErrors(result.error));
  return result.data;
}

/** The photo must be one this site stored (an upload), so a biodata never points at nothing. */
async function assertPhotoStored(storage: MediaStorage, key: string): Promise<void> {
  if (!(await storedFileExists(storage, key))) {
    throw badRequest(m.server_error_invalid_input(), { photo: m.server_error_photo_not_found() });
  }
}

/**
 * A photo key is public (it is in the image's address), so it must not let one biodata take
 * another's photo, and then delete it along with itself. The lock makes two saves of the same
 * key wait for each other.
 */
async function assertPhotoFree(tx: Executor, key: string, helperId?: string): Promise<void> {
  await lockKey(tx, key);
  const taken = await tx
    .select({ id: helpers.id })
    .from(helpers)
    .where(helperId ? and(eq(helpers.photo, key), ne(helpers.id, helperId)) : eq(helpers.photo, key))
    .limit(1);
  if (taken.length > 0) {
    throw badRequest(m.server_error_invalid_input(), { photo: m.server_error_photo_other_biodata() });
  }
}

/**
 * New images a write takes into use must be the writer's own uploads (operators excepted);
 * pictures already in the notes before this write stay as they are.
 */
async function claimImages(
  tx: Executor,
  viewer: Viewer,
  helperId: string,
  photo: string | undefined,
  notes: { before: string; after: string | undefined },
): Promise<void> {
  if (photo) {
    if ((await keysNotOwned(tx, viewer, [photo])).length > 0) {
      throw badRequest(m.server_error_invalid_input(), { photo: m.server_error_photo_not_yours() });
    }
    await markUsed(tx, [photo], `helper:${helperId}`);
  }
  if (notes.after === undefined) return;
  const earlier = new Set(mediaKeysInNotes(notes.before));
  const added = mediaKeysInNotes(notes.after).filter((key) => !earlier.has(key));
  if ((await keysNotOwned(tx, viewer, added)).length > 0) {
    throw badRequest(m.server_error_invalid_input(), { specialNotes: m.server_error_notes_pictures() });
  }
  await markUsed(tx, added, `notes:${helperId}`);
}

async function removePhotoFiles(deps: WriteDeps, keys: (string | null | undefined)[]): Promise<void> {
  await releaseUnused(deps.db, deps.storage, keys, biodataUsesImage, deps.log);
}

/**
 * A biodata names one of its own agency's EA personnel, or none chosen (decision 163). The
 * person is read in the write's transaction and kept until it commits, so a removal at the same
 * moment waits and then sets the choice back to none.
 */
async function assertOwnPersonnel(tx: Executor, supplierId: string, id: string | null | undefined): Promise<void> {
  if (!id || (await holdOwnPersonnel(tx, supplierId, id))) return;
  throw badRequest(m.server_error_invalid_input(), { eaPersonnelId: m.shared_error_ea_personnel_choose() });
}

/** Levels changed alone are for languages the stored biodata already lists (the schema checks them when both come). */
function assertLevelsSpoken(languages: readonly string[], levels: LanguageLevels): void {
  const notSpoken = levelsNotSpoken(languages, levels);
  if (notSpoken.length === 0) return;
  throw badRequest(
    m.server_error_invalid_input(),
    Object.fromEntries(
      notSpoken.map((language) => [
        `languageLevels.${language}`,
        m.shared_error_language_level_not_spoken({ language: m.shared_language({ slug: language }) }),
      ]),
    ),
  );
}

/**
 * A biodata with what its record shows of its supplier, and whether the supplier's address is
 * confirmed (or theirs is an operator's account).
 */
function selectRow(db: Executor, id: string) {
  return db
    .select({ ...getTableColumns(helpers), ...supplierColumns, supplierConfirmed: accountProfiles.emailConfirmed })
    .from(helpers)
    .innerJoin(accountProfiles, eq(accountProfiles.id, helpers.supplierId))
    .where(eq(helpers.id, id));
}

/**
 * The row a change or a delete works on, read once and locked until the write commits (a second
 * save of the same biodata waits, then reads what this one wrote); only its supplier or an
 * operator gets past this (403), an unknown id is a 404.
 */
async function lockRow(tx: Executor, writer: Viewer, id: string) {
  if (!isUuid(id)) throw notFound(m.server_error_biodata_not_found());
  const [row] = await selectRow(tx, id).for("update", { of: helpers });
  if (!row) throw notFound(m.server_error_biodata_not_found());
  requireOwnerOrOperator(writer, row.supplierId);
  return row;
}

/** A biodata its owner (or an operator) may change: the edit and delete screens start here. */
export async function helperForEditing(deps: WriteDeps, viewer: Viewer | null | undefined, id: string): Promise<OwnedHelperRecord> {
  const user = requireUser(viewer);
  const [row] = isUuid(id) ? await selectRow(deps.db, id).limit(1) : [];
  if (!row) throw notFound(m.server_error_biodata_not_found());
  requireOwnerOrOperator(user, row.supplierId);
  return toOwnedRecord(row);
}

export async function listOwnHelpers(deps: WriteDeps, viewer: Viewer | null | undefined): Promise<GatedHelperRecord[]> {
  const user = requireUser(viewer);
  return listSupplierHelpers(deps.db, user.id);
}

export async function createHelper(deps: WriteDeps, viewer: Viewer | null | undefined, body: unknown): Promise<OwnedHelperRecord> {
  const user = requireUser(viewer);
  const input = parse(helperCreateSchema, body);
  // The writer is the supplier: what the record shows of them, and whether they may publish.
  const profile = await accountProfile(deps.db, user.id);
  if (!profile) throw unauthorized();
  const writer = {
    supplierName: profile.name,
    supplierCompany: profile.companyName,
    supplierImage: profile.image,
    supplierPhone: profile.directHire ? null : profile.phone,
    supplierTelegram: profile.directHire ? null : profile.telegram,
    supplierDirect: profile.directHire,
  };
  const direct = directHireFacts(profile.directHire, input);
  assertMayPublish(deps.rule, { emailVerified: profile.emailConfirmed, role: user.role }, input.status);
  assertPhotoToPublish(input);
  if (input.photo) await assertPhotoStored(deps.storage, input.photo);
  const row = await deps.db.transaction(async (tx) => {
    if (profile.directHire) await assertFirstBiodata(tx, user.id);
    if (input.photo) await assertPhotoFree(tx, input.photo);
    await assertOwnPersonnel(tx, user.id, input.eaPersonnelId);
    const values: NewHelperRow = {
      ...input,
      ...direct,
      specialNotes: sanitizeNotes(input.specialNotes),
      skillAreas: experiencedAreas(input.skills),
      supplierId: user.id,
    };
    const [row] = await tx.insert(helpers).values(values).returning();
    await claimImages(tx, user, row!.id, input.photo ?? undefined, { before: "", after: values.specialNotes });
    return row!;
  });
  if (isShownStatus(row.status)) await deps.announced();
  return toOwnedRecord({ ...row, ...writer });
}

function changesFrom(input: HelperUpdateInput, current: HelperRow): Partial<NewHelperRow> {
  const changes: Partial<NewHelperRow> = {};
  for (const [field, value] of Object.entries(input) as [keyof HelperUpdateInput, unknown][]) {
    if (value !== undefined) (changes as Record<string, unknown>)[field] = value;
  }
  if (input.specialNotes !== undefined) changes.specialNotes = sanitizeNotes(input.specialNotes);
  if (input.skills !== undefined) changes.skillAreas = experiencedAreas(input.skills);
  // A language no longer spoken takes its level with it (decision 134).
  if (input.otherLanguages !== undefined && input.languageLevels === undefined) {
    changes.languageLevels = levelsOfSpoken(input.otherLanguages, current.languageLevels);
  }
  // A draft has never been public: the day it is first listed is its publish date.
  if (input.status !== undefined && isListedStatus(input.status) && !isShownStatus(current.status)) changes.publishedAt = new Date();
  return changes;
}

/** The direct-hire facts as they stand after a change, checked; none changed, nothing to write. */
function directHireChanges(current: HelperRow & { supplierDirect: boolean }, input: HelperUpdateInput): Partial<NewHelperRow> {
  const given = [input.directHireReason, input.employerConsent, input.releaseDate].some((value) => value !== undefined);
  if (!given) return {};
  return directHireFacts(current.supplierDirect, {
    directHireReason:
      input.directHireReason === undefined ? (current.directHireReason as DirectHireFacts["directHireReason"]) : input.directHireReason,
    employerConsent: input.employerConsent === undefined ? current.employerConsent : input.employerConsent,
    releaseDate: input.releaseDate === undefined ? current.releaseDate : input.releaseDate,
  });
}

/** A change saved: the record as it is now, and the status it had before (publishing or an edit). */
export interface SavedChange {
  record: OwnedHelperRecord;
  statusBefore: HelperStatus;
}

export async function updateHelper(deps: WriteDeps, viewer: Viewer | null | undefined, id: string, body: unknown): Promise<SavedChange> {
  const user = requireUser(viewer);
  const saved = await deps.db.transaction(async (tx) => {
    const current = await lockRow(tx, user, id);
    const input = parse(helperUpdateSchema, body);
    if (input.languageLevels !== undefined && input.otherLanguages === undefined)
      assertLevelsSpoken(current.otherLanguages, input.languageLevels);
    // Past lockRow the writer is the supplier or an operator: the supplier's own address counts.
    const writer = { emailVerified: current.supplierId === user.id && current.supplierConfirmed, role: user.role };
    assertMayPublish(deps.rule, writer, input.status, current.status);
    assertPhotoToPublish(
      { status: input.status ?? current.status, photo: input.photo === undefined ? current.photo : input.photo },
      current,
    );
    const newPhoto = input.photo && input.photo !== current.photo ? input.photo : undefined;
    if (newPhoto) {
      await assertPhotoStored(deps.storage, newPhoto);
      await assertPhotoFree(tx, newPhoto, id);
    }
    await assertOwnPersonnel(tx, current.supplierId, input.eaPersonnelId);
    const changes = { ...changesFrom(input, current), ...directHireChanges(current, input) };
    await claimImages(tx, user, id, newPhoto, { before: current.specialNotes, after: changes.specialNotes });
    const [written] =
      Object.keys(changes).length > 0 ? await tx.update(helpers).set(changes).where(eq(helpers.id, id)).returning() : [current];
    const dropped = input.photo !== undefined && current.photo && current.photo !== input.photo ? current.photo : undefined;
    // Pictures dropped from the notes go now if nothing else shows them (else the sweep decides).
    const droppedPictures = changes.specialNotes === undefined ? [] : mediaKeysInNotes(current.specialNotes);
    return { row: { ...current, ...written! }, statusBefore: current.status, replacedPhoto: [dropped, ...droppedPictures] };
  });
  // A draft that stays a draft announces nothing: no reading to wait for.
  if (isShownStatus(saved.statusBefore) || isShownStatus(saved.row.status)) await deps.announced();
  await removePhotoFiles(deps, saved.replacedPhoto);
  return { record: toOwnedRecord(saved.row), statusBefore: saved.statusBefore as HelperStatus };
}

/** What the delete screen names once a biodata is gone. */
export type DeletedBiodata = Pick<HelperRecord, "id" | "name" | "ref">;

export async function deleteHelper(deps: WriteDeps, viewer: Viewer | null | undefined, id: string): Promise<DeletedBiodata> {
  const user = requireUser(viewer);
  const removed = await deps.db.transaction(async (tx) => {
    const current = await lockRow(tx, user, id);
    await tx.delete(helpers).where(eq(helpers.id, id));
    return current;
  });
  if (isShownStatus(removed.status)) await deps.announced();
  await removePhotoFiles(deps, [removed.photo, ...mediaKeysInNotes(removed.specialNotes)]);
  return { id: removed.id, name: removed.name, ref: removed.ref };
}
