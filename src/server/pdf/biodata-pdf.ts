/**
 * Biodata PDFs: rendered on the server with @react-pdf (never in a browser bundle), kept in
 * memory until the biodata changes. The key holds the record's last change and the day (the
 * PDF prints its date); the change notification drops every copy as well, since a supplier's
 * name or licence can change without the biodata's.
 */
import { Font, renderToBuffer } from "@react-pdf/renderer";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import sharp from "sharp";
import { calendarDateAt, formatIsoDate } from "../../shared/age";
import { formatBirthDate } from "../../shared/format";
import type { BiodataPrivate } from "../../shared/biodata-types";
import type { HelperRecord } from "../../shared/helper-types";
import { mediaFileNames } from "../../shared/media";
import type { Database } from "../db/connect";
import { user } from "../db/schema";
import type { ListingCache } from "../helpers";
import type { MediaStorage } from "../media";
import { BiodataDocument } from "./biodata-document";

export interface BiodataPdf {
  helper: HelperRecord;
  /** The owner's and operators' copy, with the private details. */
  owner: boolean;
  bytes: Buffer;
}

// Whole words only: hyphenating every word is most of the layout's time on a long biodata,
// and names and places read better unbroken.
Font.registerHyphenationCallback((word) => [word]);

type Viewer = { id: string; role: string } | null | undefined;

export interface BiodataPdfDeps {
  db: Database;
  storage: MediaStorage;
  /** The helpers feature's reads, with its permission checks: the PDF shows what they return. */
  findHelper(id: string, viewer: Viewer): Promise<HelperRecord | undefined>;
  findPrivateDetails(id: string, viewer: Viewer): Promise<BiodataPrivate | undefined>;
  /** Rendered PDFs by biodata, change and day; dropped on every listing change. */
  cache: ListingCache<Buffer>;
  /** Photos as JPEG by key. A key names its content (a new photo gets a new key): never stale. */
  photos: ListingCache<Buffer | null>;
}

/** The photo as a small JPEG (the PDF library reads JPEG and PNG; the site stores WebP). */
async function photoJpeg(storage: MediaStorage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  const object = await storage.get(mediaFileNames(key).full);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return sharp(Buffer.concat(chunks)).resize({ width: 336, height: 432, fit: "cover" }).jpeg({ quality: 82 }).toBuffer();
}

export function createBiodataPdfs({ db, storage, findHelper, findPrivateDetails, cache, photos }: BiodataPdfDeps) {

  async function render(helper: HelperRecord, privateDetails: BiodataPrivate | undefined, today: string) {
    const [supplierRow] = await db
      .select({ name: user.name, companyName: user.companyName, eaLicenceNumber: user.eaLicenceNumber })
      .from(user)
      .where(eq(user.id, helper.supplier.id));
    const supplier = { name: supplierRow?.companyName || supplierRow?.name || helper.supplier.name, eaLicenceNumber: supplierRow?.eaLicenceNumber ?? null };
    const key = helper.photoKey;
    const photo = key ? await photos.get(key, () => photoJpeg(storage, key)) : null;
    const element = createElement(BiodataDocument, {
      helper,
      privateDetails: privateDetails ?? null,
      supplier,
      photo,
      generatedOn: formatBirthDate(today) ?? today,
    });
    // The document element's props type is the library's own; the component returns a <Document>.
    return renderToBuffer(element as Parameters<typeof renderToBuffer>[0]);
  }

  return {
    /** The PDF a viewer may have: undefined when the biodata is unknown or not theirs to see. */
    async get(id: string, viewer: Viewer): Promise<BiodataPdf | undefined> {
      const helper = await findHelper(id, viewer);
      if (!helper) return undefined;
      const privateDetails = await findPrivateDetails(id, viewer);
      const today = formatIsoDate(calendarDateAt(new Date()));
      const owner = privateDetails !== undefined;
      const key = `${id}|${helper.updatedAt}|${today}|${owner ? "owner" : "public"}`;
      const bytes = await cache.get(key, () => render(helper, privateDetails, today));
      return { helper, owner, bytes };
    },
    invalidate: () => cache.invalidate(),
  };
}

export type BiodataPdfs = ReturnType<typeof createBiodataPdfs>;
