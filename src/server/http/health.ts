import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/connect";

export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.get("/healthz", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });
  app.get("/readyz", async (request, reply) => {
    reply.header("cache-control", "no-store");
    try {
      await database.ping();
      return { status: "ready", database: database.kind };
    } catch (error) {
      request.log.warn({ err: error }, "database not reachable");
      return reply.status(503).send({ status: "unavailable", database: database.kind });
    }
  });
}
