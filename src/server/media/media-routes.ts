import type { FastifyInstance } from "fastify";
import { IMMUTABLE } from "../http/static-files";
import type { MediaStorage } from "./storage";

/** Stored images. A key is never reused (a new photo gets a new key), so they cache for a year. */
export async function mediaRoutes(app: FastifyInstance, { storage }: { storage: MediaStorage }) {
  app.get<{ Params: { "*": string } }>("/media/*", async (request, reply) => {
    const object = await storage.get(request.params["*"]);
    if (!object) {
      return reply.status(404).header("cache-control", "no-store").send({ error: { code: "not_found", message: "No such image." } });
    }
    return reply
      .header("content-type", object.contentType)
      .header("content-length", object.size)
      .header("cache-control", IMMUTABLE)
      .header("cross-origin-resource-policy", "cross-origin")
      .send(object.body);
  });
}
