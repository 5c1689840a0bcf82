import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../server/http/errors";
import { refusals, sendBytes } from "../../server/http/schemas";
import { FAMILY_LOCALES } from "../../shared/i18n/locales";
import type { BiodataPdfs } from "./server/biodata-pdf";

export interface PdfRoutesOptions {
  pdfs: Pick<BiodataPdfs, "get">;
  /** Whether the request's cookies hold a valid signed visitor cookie (a family past the gate). */
  passedGate(cookieHeader: string | undefined): Promise<boolean>;
}

const pdfDocs = {
  tags: ["helpers"],
  summary: "A biodata as an A4 PDF",
  description:
    "Laid out as the standard form, with her age. A family past the visitor gate (the signed `visitor` cookie) gets " +
    "the medical history and date of birth too, the owner and operators the private details as well; those copies are " +
    "`Cache-Control: private, no-store`, the public one may be kept a minute. 404 when unknown or a draft; 503 with " +
    "`Retry-After` while too many PDFs wait to be laid out.",
};

const pdfFile = {
  description: "The PDF",
  content: { "application/pdf": { schema: z.string().meta({ contentMediaType: "application/pdf" }) } },
};

/**
 * GET /posts/:id/biodata.pdf: the biodata as an A4 PDF. Visitors get the public copy; families
 * past the gate get theirs with the medical history and date of birth; the owner and operators
 * get theirs with the private details too. Only the public copy may be kept by a shared cache.
 */
export async function pdfRoutes(fastify: FastifyInstance, { pdfs, passedGate }: PdfRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const querystring = z.object({
    lang: z
      .enum(FAMILY_LOCALES, { error: `The language (lang) is one of ${FAMILY_LOCALES.join(", ")}` })
      .optional()
      .describe("The language of its labels and headings: en (the default) or zh. What the supplier wrote stays as written."),
  });
  const schema = {
    ...pdfDocs,
    params: z.object({ id: z.string() }),
    querystring,
    response: { 200: pdfFile, ...refusals(400, 404, 503) },
  };
  app.get("/posts/:id/biodata.pdf", { config: { access: "anyone" }, schema }, async (request, reply) => {
    const family = await passedGate(request.headers.cookie);
    const pdf = await pdfs.get(request.params.id, { viewer: request.viewer ?? null, family }, request.query.lang);
    if (!pdf) throw notFound("No biodata with this id is listed.");
    reply
      .header(
        "content-disposition",
        `inline; filename="biodata-${pdf.helper.ref}${request.query.lang && request.query.lang !== "en" ? `-${request.query.lang}` : ""}.pdf"`,
      )
      .header("cache-control", pdf.copy === "public" ? "public, max-age=60" : "private, no-store");
    return sendBytes(reply, "application/pdf", pdf.bytes);
  });
}
