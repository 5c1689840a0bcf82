import type { FastifyInstance } from "fastify";
import { IMMUTABLE } from "../../server/http/static-files";
import type { MediaStorage } from "./server/storage";

/** Uploaded images; link previews are only served by their own route, for public biodata. */
const UPLOADED = /^(helpers|avatars)\//;

/** Stored images. A key is never reused (a new photo gets a new key), so they cache for a year. */
export async function mediaRoutes(app: FastifyInstance, { storage }: { storage: MediaStorage }) {
  app.get<{ Params: { "*": string } }>("/media/*", async (request, reply) => {
    const name = request.params["*"];
    const object = UPLOADED.test(name) ? await storage.get(name) : undefined;
    if (!object) {
      return reply
        .status(404)
        .header("cache-control", "no-store")
        .send({ error: { code: "not_found", message: "No such image." } });
    }
    return reply
      .header("content-type", object.contentType)
      .header("content-length", object.size)
      .header("cache-control", IMMUTABLE)
      .header("cross-origin-resource-policy", "cross-origin")
      .send(object.body);
  });
}
