import type { FastifyInstance } from "fastify";
import { notFound } from "../http/errors";
import type { HelperService } from "../helpers";

/**
 * GET /posts/:id/biodata.pdf: the biodata as an A4 PDF. Visitors get the public copy; the
 * owner and operators get theirs with the private details, never stored by a shared cache.
 */
export async function pdfRoutes(app: FastifyInstance, { helpers }: { helpers: HelperService }) {
  app.get<{ Params: { id: string } }>("/posts/:id/biodata.pdf", async (request, reply) => {
    const pdf = await helpers.pdf(request.params.id, request.viewer ?? null);
    if (!pdf) throw notFound("No biodata with this id is listed.");
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="biodata-${pdf.helper.ref}.pdf"`)
      .header("cache-control", pdf.owner ? "private, no-store" : "public, max-age=60")
      .send(pdf.bytes);
  });
}
