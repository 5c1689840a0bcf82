import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { PHOTO_UPLOAD } from "../../shared/helper-limits";
import { HttpError, badRequest } from "../../server/http/errors";
import { refusals } from "../../server/http/schemas";
import { isUploadPurpose, type MediaService } from "./service";
import { tooLarge } from "./server/upload-checks";
import { m } from "../../shared/i18n/compiled/messages.js";

/**
 * A body that is not the multipart it claims (no boundary, cut short, parts without headers) is
 * the client's mistake: 400, not a failure of the server. Limits keep their own status (413).
 */
function brokenMultipart(cause: unknown): unknown {
  const status = (cause as { statusCode?: number }).statusCode;
  if (cause instanceof HttpError || (status !== undefined && status >= 400 && status < 500 && status !== 406)) return cause;
  return badRequest("The upload could not be read: send the photo as multipart/form-data in the field “file”.");
}

/** Uploads per signed-in user: re-encoding is the costliest thing the server does. */
export const UPLOAD_RATE = { max: 20, timeWindow: 60_000 };

const storedSchema = z.object({ key: z.string(), url: z.string(), thumbUrl: z.string() });

const purposeWords = "helper (a biodata's photo, the default) or avatar (the supplier's own picture)";
/** The form as documented: the handler reads it itself, after the sign-in check. */
const uploadForm = z.object({
  file: z.string().meta({ contentMediaType: "image/*", description: `A PNG, JPEG or WebP photo of up to ${PHOTO_UPLOAD.maxLabel}` }),
  purpose: z.enum(["helper", "avatar"]).optional().describe(purposeWords),
});

/**
 * POST /api/uploads (multipart, field `file`; `purpose` helper or avatar) -> the stored image's
 * key and addresses. The key then goes into a biodata's `photo` or a profile's avatar.
 */
export async function uploadRoutes(fastify: FastifyInstance, { media }: { media: MediaService }) {
  await fastify.register(multipart, {
    limits: { fileSize: PHOTO_UPLOAD.maxBytes, files: 1, fields: 4, parts: 6, fieldSize: 100 },
  });
  await fastify.register(rateLimit, { global: false });
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/uploads",
    {
      config: {
        access: "signed-in",
        rateLimit: {
          ...UPLOAD_RATE,
          keyGenerator: (request) => (request.viewer ? `user:${request.viewer.id}` : `ip:${request.ip}`),
          errorResponseBuilder: (_request, context) =>
            new HttpError(429, "too_many_requests", `Too many uploads: try again in ${context.after}.`),
        },
      },
      schema: {
        tags: ["uploads"],
        summary: "Upload a photo",
        description:
          "Re-encoded to WebP (a thumbnail and a full size, metadata stripped) and stored; the answer's `key` then goes " +
          "into a biodata's `photo` or the profile's picture. 20 uploads a minute per account: more is 429.",
        consumes: ["multipart/form-data"],
        bodyCheckedInHandler: uploadForm,
        // Checked by hand below (a form field may give it too); the sign-in check is the route's access.
        querystring: z.looseObject({ purpose: z.unknown().optional().describe(`${purposeWords}, when the form does not say`) }),
        response: { 201: storedSchema, ...refusals(400, 401, 413, 429) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest("Send the photo as multipart/form-data in the field “file”.");
      const part = await request.file().catch((cause: unknown) => {
        throw brokenMultipart(cause);
      });
      if (!part || part.fieldname !== "file") {
        throw badRequest(m.server_error_choose_photo(), { file: m.server_error_choose_photo_field() });
      }
      const purposeField = part.fields.purpose;
      const fieldValue =
        purposeField && !Array.isArray(purposeField) && purposeField.type === "field" ? String(purposeField.value) : undefined;
      const queryValue = request.query.purpose;
      const purpose = fieldValue ?? (queryValue === undefined ? "helper" : String(queryValue));
      if (!isUploadPurpose(purpose)) throw badRequest("The purpose must be helper or avatar.", { purpose: "Must be helper or avatar" });

      let input: Buffer;
      try {
        input = await part.toBuffer();
      } catch (cause) {
        if ((cause as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
        throw brokenMultipart(cause);
      }
      if (part.file.truncated) throw tooLarge();
      const stored = await media.store(request.viewer, purpose, input);
      return reply.status(201).header("cache-control", "no-store").send(stored);
    },
  );
}
