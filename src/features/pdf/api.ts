import type { FastifyInstance } from "fastify";
import { notFound } from "../../server/http/errors";
import type { BiodataPdfs } from "./server/biodata-pdf";

export interface PdfRoutesOptions {
  pdfs: Pick<BiodataPdfs, "get">;
  /** Whether the request's cookies hold a valid signed visitor cookie (a family past the gate). */
  passedGate(cookieHeader: string | undefined): Promise<boolean>;
}

/**
 * GET /posts/:id/biodata.pdf: the biodata as an A4 PDF. Visitors get the public copy; families
 * past the gate get theirs with the medical history and date of birth; the owner and operators
 * get theirs with the private details too. Only the public copy may be kept by a shared cache.
 */
export async function pdfRoutes(app: FastifyInstance, { pdfs, passedGate }: PdfRoutesOptions) {
  app.get<{ Params: { id: string } }>("/posts/:id/biodata.pdf", async (request, reply) => {
    const family = await passedGate(request.headers.cookie);
    const pdf = await pdfs.get(request.params.id, { viewer: request.viewer ?? null, family });
    if (!pdf) throw notFound("No biodata with this id is listed.");
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="biodata-${pdf.helper.ref}.pdf"`)
      .header("cache-control", pdf.copy === "public" ? "public, max-age=60" : "private, no-store")
      .send(pdf.bytes);
  });
}
