/**
 * /metrics in Prometheus's text format (prom-client): requests by route, status and duration,
 * the page cache's hits and misses, the outbox's queue and failures, the PostgreSQL pool, and
 * the process's own figures. Closed unless METRICS_TOKEN is set, and then only to a request
 * bearing it, so a public site does not tell the world its traffic.
 */
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../db/connect";
import type { PageCache } from "./page-cache";

export interface MetricsOptions {
  token: string | undefined;
  database: DatabaseHandle;
  pageCache: PageCache;
  /**
   * The notifications not delivered, by status (the notifications feature's outbox): every
   * status a watcher counts, 0 where none is.
   */
  undelivered: () => Promise<Record<string, number>>;
  /** The biodata PDF workers' load (the pdf feature's renderer). */
  pdfLoad: () => { workers: number; busy: number; waiting: number };
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The route's pattern, never the raw URL: ids and queries would make a series per visitor. */
function routeLabel(pattern: string): string {
  return pattern === "/*" ? "page" : pattern;
}

export async function metricsRoutes(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route pattern",
    labelNames: ["method", "route"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const { pageCache, database } = options;
  new Counter({
    name: "page_cache_hits_total",
    help: "Public pages sent from the page cache",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(pageCache.stats.hits);
    },
  });
  new Counter({
    name: "page_cache_misses_total",
    help: "Public pages rendered because the page cache did not hold them",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(pageCache.stats.misses);
    },
  });
  new Gauge({
    name: "page_cache_bytes",
    help: "Compressed bytes the page cache holds",
    registers: [registry],
    collect() {
      this.set(pageCache.bytes);
    },
  });
  new Gauge({
    name: "outbox_notifications",
    help: "Notifications in the outbox not delivered, by status (pending: queued or retrying; failing: still retried after repeated failures; refused: a chat refused the bot, never retried)",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const counts = await options.undelivered();
      this.reset();
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: "pdf_workers",
    help: "Biodata PDF worker threads: running (each about 130 MB; an idle one stops after PDF_IDLE_SECONDS), busy, and PDFs waiting for one",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const load = options.pdfLoad();
      this.set({ state: "running" }, load.workers);
      this.set({ state: "busy" }, load.busy);
      this.set({ state: "waiting" }, load.waiting);
    },
  });
  new Gauge({
    name: "db_pool_connections",
    help: "PostgreSQL pool connections by state (total, idle, waiting clients); the embedded database has none",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (!pool) return;
      this.set({ state: "total" }, pool.total);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });

  const record = (route: string, request: FastifyRequest, reply: FastifyReply) => {
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    durations.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  };
  // Each route records itself in a hook of its own, made as the route is added with its label:
  // asking a request for its route's pattern builds an object of all the route's options.
  app.addHook("onRoute", (route) => {
    if (route.url === "/metrics") return;
    const label = routeLabel(route.url);
    const hook: onResponseHookHandler = (request, reply, done) => {
      record(label, request, reply);
      done();
    };
    route.onResponse = [...(Array.isArray(route.onResponse) ? route.onResponse : route.onResponse ? [route.onResponse] : []), hook];
  });
  // What no route takes (the not-found answers) has no hook of a route.
  app.addHook("onResponse", (request, reply, done) => {
    if (request.is404) record("unmatched", request, reply);
    done();
  });

  app.get("/metrics", async (request, reply) => {
    if (!options.token || !bearerMatches(request, options.token)) {
      // Unset token: no metrics at all; wrong token: the same answer, so nothing is learnt.
      return reply.status(404).send({ error: { code: "not_found", message: "No route for GET /metrics" } });
    }
    reply.header("cache-control", "no-store");
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
