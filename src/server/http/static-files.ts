/**
 * The browser build: hashed files under /assets/ never change, so browsers keep them a year;
 * anything else in the build folder (favicon, robots) is revalidated. The build stores Brotli
 * and gzip copies of scripts and stylesheets (scripts/compress-assets.mjs); a browser gets the
 * one it accepts as it is, with Vary: Accept-Encoding.
 */
import { existsSync } from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export const IMMUTABLE = "public, max-age=31536000, immutable";

export async function staticFiles(app: FastifyInstance, { root }: { root: string }): Promise<void> {
  if (!existsSync(root)) return;
  await app.register(fastifyStatic, {
    root,
    prefix: "/",
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(reply, filePath) {
      reply.header("cache-control", filePath.includes("/assets/") ? IMMUTABLE : "public, max-age=3600");
    },
  });
}
