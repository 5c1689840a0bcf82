/** The biodata PDF as the site plugs it in (src/composition/features.ts). */
import { defineFeature, on, type FeatureGround } from "../../server/feature";
import { biodataChanged, ListingCache, type HelperService } from "../helpers";
import type { MediaStorage } from "../media";
import { pdfRoutes } from "./api";
import { createBiodataPdfs } from "./server/biodata-pdf";
import { createPdfRenderer } from "./server/pdf-pool";

const DAY = 24 * 60 * 60_000;

export interface PdfNeeds {
  helpers: Pick<HelperService, "findFor" | "findPrivateDetails">;
  storage: MediaStorage;
}

export const pdfFeature = defineFeature({
  name: "pdfs",
  service: (ground: FeatureGround & PdfNeeds) => {
    // A serving site starts its PDF workers at once, so the first PDF after a restart waits for none.
    const renderer = createPdfRenderer(ground.settings.pdf);
    const pdfs = createBiodataPdfs({
      db: ground.db,
      storage: ground.storage,
      log: ground.log,
      // The helpers' reads hold the permission checks: the PDF shows what they return.
      findHelper: ground.helpers.findFor,
      findPrivateDetails: ground.helpers.findPrivateDetails,
      cache: new ListingCache<Buffer>({ maxEntries: 400, ttlMs: DAY }),
      photos: new ListingCache<Buffer | null>({ maxEntries: 200, ttlMs: DAY }),
      renderer,
      // A burst of saves of one biodata makes its PDFs once, as it drops pages once.
      settleMs: ground.settings.listingChangeWindowMs,
      siteName: ground.site.name,
    });
    return {
      /**
       * A biodata as an A4 PDF: the public copy, the family's (past the gate: with the gated
       * details), or the owner's and operators' (with the private details too).
       */
      get: pdfs.get,
      /** Makes a changed biodata's PDFs in the background, unless PREPARE_AHEAD is off (then at their first request). */
      prepare: ground.settings.prepareAhead ? pdfs.prepare : () => undefined,
      /** The workers' queue, for /metrics. */
      load: () => renderer.load,
      async close() {
        await pdfs.stop();
        await renderer.close();
      },
    };
  },
  api: (app, { service, visitorLead }) =>
    // A cookie passes while its lead exists: after a withdrawal it shows nothing more.
    pdfRoutes(app, { pdfs: service, passedGate: async (cookieHeader) => (await visitorLead(cookieHeader)) !== null }),
  // A changed biodata's PDFs are made before anyone asks, on every instance (each keeps its own).
  listens: (service) => [
    on(biodataChanged, (change) => {
      if (change !== "everything") for (const id of change.helpers) service.prepare(id);
    }),
  ],
  close: (service) => service.close(),
});
