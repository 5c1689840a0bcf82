/**
 * The biodata PDF as other code sees it: made from the helpers feature's reads (which hold the
 * permission checks) and served by its route.
 */
export { createBiodataPdfs, type BiodataPdf, type BiodataPdfDeps, type BiodataPdfs, type PdfCopy } from "./server/biodata-pdf";
export { createPdfRenderer, type PdfRenderer } from "./server/pdf-pool";
