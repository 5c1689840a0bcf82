/**
 * Biodata PDFs: rendered on the server with @react-pdf (never in a browser bundle) and kept in
 * memory under a key made of everything they print: the biodata's last change, the supplier's
 * name and licence, the day (the PDF prints its date and her age) and the copy: public, the
 * family's (past the visitor gate: with the medical history and date of birth) or the owner's
 * (with the private details too). Every request reads those from the database first, so a change made on any instance
 * is never answered from an older copy, and a biodata that did not change keeps its PDF while
 * others are edited. A save renders the new version's copies in the background (`prepare`), so
 * the next visitor is answered from memory. The layout itself runs in a PDF worker (pdf-pool.ts).
 */
import sharp from "sharp";
import { calendarDateAt, formatIsoDate } from "../../../shared/age";
import type { BiodataGated, BiodataPrivate } from "../../../shared/biodata-types";
import { formatBirthDate } from "../../../shared/format";
import type { FamilyLocale } from "../../../shared/i18n/locales";
import { withLocale } from "../../../server/i18n/request-locale";
import type { HelperRecord } from "../../../shared/helper-types";
import { mediaFileNames } from "../../../shared/media";
import { licenceCheckText, licenceNumberText, licenceStatusOf, MOM_EA_DIRECTORY_URL } from "../../../shared/licence";
import type { Database } from "../../../server/db/connect";
import { accountProfile } from "../../accounts";
import { personnelNamedBy, type ListingCache } from "../../helpers";
import { m } from "../../../shared/i18n/compiled/messages.js";
import type { MediaStorage } from "../../media";
import { createSettledWork } from "../../../server/settled-work";
import type { PdfRenderer } from "./pdf-pool";

/** Which copy: anyone's, a family's past the gate (gated details), the owner's and operators' (private details too). */
export type PdfCopy = "public" | "family" | "owner";

export interface BiodataPdf {
  helper: HelperRecord;
  copy: PdfCopy;
  bytes: Buffer;
}

type Viewer = { id: string; role: string } | null | undefined;
/** Who asks: the signed-in viewer, if any, and whether this browser passed the visitor gate. */
type Reader = { viewer?: Viewer; family: boolean };
type Log = { warn(details: object, message: string): void };

export interface BiodataPdfDeps {
  db: Database;
  storage: MediaStorage;
  log?: Log;
  /** The helpers feature's reads, with its permission checks: the PDF shows what they return. */
  findHelper(id: string, reader: Reader): Promise<{ helper: HelperRecord; gated: BiodataGated | null } | undefined>;
  findPrivateDetails(id: string, viewer: Viewer): Promise<BiodataPrivate | undefined>;
  /** Rendered PDFs by biodata version, supplier and day. */
  cache: ListingCache<Buffer>;
  /** Photos as JPEG by key. A key names its content (a new photo gets a new key): never stale. */
  photos: ListingCache<Buffer | null>;
  /** Lays the document out: in a worker thread, or on this one (pdf-pool.ts). */
  renderer: Pick<PdfRenderer, "render">;
  /** How long a biodata must go without a save before its PDFs are prepared (a burst costs one). */
  settleMs: number;
  /** Who checks licences, as the supplier block says it. */
  siteName: string;
}

/** The photo as a JPEG of the size it is printed at (84 × 108 pt, at 4 pixels a point). */
async function photoJpeg(storage: MediaStorage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const object = await storage.get(mediaFileNames(key).full);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return sharp(Buffer.concat(chunks)).resize({ width: 336, height: 432, fit: "cover" }).jpeg({ quality: 82 }).toBuffer();
}

export function createBiodataPdfs({
  db,
  storage,
  log,
  findHelper,
  findPrivateDetails,
  cache,
  photos,
  renderer,
  settleMs,
  siteName,
}: BiodataPdfDeps) {
  /** The supplier as the PDF names them: a licence's number only once the site checked it (decision 100). */
  async function supplierOf(helper: HelperRecord) {
    // A helper publishing herself is reached only through the site (decision 197): no agency, no number.
    if (helper.hire === "direct") return { name: m.pdf_direct_hire({ site: siteName }), licence: m.pdf_direct_hire_no_agency() };
    const row = await accountProfile(db, helper.supplier.id);
    const status = row ? licenceStatusOf(row) : "none";
    const checkedAt = status === "checked" ? row!.licenceCheckedAt!.toISOString() : null;
    const check = licenceCheckText({ licenceStatus: status, licenceCheckedAt: checkedAt }, siteName);
    // The agency's EA personnel this biodata names stand beside its licence (decisions 162, 163).
    const personnel = status === "none" ? null : await personnelNamedBy(db, { id: helper.id, supplierId: helper.supplier.id });
    const named = personnel ? ` · ${m.pdf_ea_personnel({ name: personnel.name, number: personnel.registrationNumber })}` : "";
    const licence =
      status === "none"
        ? check
        : `${status === "checked" ? `${licenceNumberText(row!.eaLicenceNumber!)} · ` : ""}${check} (${MOM_EA_DIRECTORY_URL})${named}`;
    return { name: row?.companyName || row?.name || helper.supplier.name, licence };
  }

  async function render(
    input: {
      helper: HelperRecord;
      gated: BiodataGated | null;
      privateDetails: BiodataPrivate | null;
      supplier: { name: string; licence: string };
    },
    today: string,
    locale: FamilyLocale,
  ) {
    const key = input.helper.photoKey;
    const photo = key ? await photos.get(key, () => photoJpeg(storage, key)) : null;
    const generatedOn = withLocale({ locale, familyDefault: "en" }, () => formatBirthDate(today)) ?? today;
    return renderer.render({ ...input, photo, generatedOn, locale });
  }

  /** `locale`: the language of the labels and headings (English unless a Chinese page asks). */
  async function get(id: string, reader: Reader, locale: FamilyLocale = "en"): Promise<BiodataPdf | undefined> {
    const found = await findHelper(id, reader);
    if (!found) return undefined;
    const { helper, gated } = found;
    const privateDetails = (await findPrivateDetails(id, reader.viewer)) ?? null;
    // The licence's words are in the PDF's language (and part of its key).
    const supplier = await withLocale({ locale, familyDefault: "en" }, () => supplierOf(helper));
    const today = formatIsoDate(calendarDateAt(new Date()));
    // The copy is part of the key: a family's or the owner's PDF is never handed to anyone else.
    const copy: PdfCopy = privateDetails ? "owner" : gated ? "family" : "public";
    const key = JSON.stringify([id, helper.updatedAt, supplier.name, supplier.licence, today, copy, locale]);
    const bytes = await cache.get(key, () => render({ helper, gated, privateDetails, supplier }, today, locale));
    return { helper, copy, bytes };
  }

  // Changed biodata waiting for their PDFs, rendered one at a time once the biodata has had no
  // change for a moment (settled-work.ts), after the requests of the moment. The owner's copy is
  // made when its owner asks: a family or the public are the many readers.
  const waiting = createSettledWork<null>({
    settleMs,
    maxWaiting: 50,
    async run(id) {
      try {
        await get(id, { family: false });
        await get(id, { family: true });
      } catch (error) {
        log?.warn({ err: error, helperId: id }, "Could not prepare the biodata PDF");
      }
    },
  });

  return {
    /** The PDF a viewer may have: undefined when the biodata is unknown or not theirs to see. */
    get,
    /**
     * Renders a changed biodata's public copy and its families' copy in the background, for the
     * next request to find ready; nothing for a biodata the public does not see (a draft, a deleted one).
     */
    prepare: (id: string): void => waiting.add(id, null),
    /** Ends the background rendering (the app is closing): waits for the PDF under way. */
    stop: () => waiting.stop(),
    /** Empties the caches of PDFs and photos (the benchmark's cold runs). */
    invalidate: () => {
      cache.invalidate();
      photos.invalidate();
    },
  };
}

export type BiodataPdfs = ReturnType<typeof createBiodataPdfs>;
