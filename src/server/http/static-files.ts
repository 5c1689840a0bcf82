/**
 * The browser build: hashed files under /assets/ never change, so browsers keep them a year;
 * anything else in the build folder (favicon, robots) is revalidated. The build stores Brotli
 * and gzip copies of scripts and stylesheets (scripts/compress-assets.mjs); a browser gets the
 * one it accepts as it is, with Vary: Accept-Encoding.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export const IMMUTABLE = "public, max-age=31536000, immutable";
/** What the service worker (public/sw.js) may reach: the site's own pages, and nothing else. */
export const SERVICE_WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

export async function staticFiles(app: FastifyInstance, { root }: { root: string }): Promise<void> {
  if (!existsSync(root)) return;
  const common = { index: false, cacheControl: false, preCompressed: true } as const;
  // The hashed files (about 420 with their compressed copies) through one route: a route a file
  // cost the start about half a second of route registration (decision 185).
  const assets = path.join(root, "assets");
  if (existsSync(assets))
    await app.register(fastifyStatic, {
      ...common,
      root: assets,
      prefix: "/assets/",
      wildcard: true,
      setHeaders: (reply) => reply.header("cache-control", IMMUTABLE),
    });
  // The few others (favicon, robots) by their names, so every other address stays the pages'.
  await app.register(fastifyStatic, {
    ...common,
    root,
    prefix: "/",
    wildcard: false,
    globIgnore: ["assets/**"],
    decorateReply: false,
    setHeaders: (reply, file) => {
      // The stored Brotli and gzip copies are sent under the file's own name.
      if (!/[\\/]sw\.js(\.br|\.gz)?$/.test(file)) return reply.header("cache-control", "public, max-age=3600");
      // The service worker is asked for afresh each time, so a new version reaches browsers at
      // once; its policy lets it fetch the site's own pages (what every other file's forbids).
      reply.header("cache-control", "no-cache");
      reply.header("content-security-policy", SERVICE_WORKER_CSP);
    },
  });
}
