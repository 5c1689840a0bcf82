/**
 * Load for the API benchmark: autocannon in a child process, so the load generator does not
 * share the event loop of the server it measures.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const autocannonCli = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
const pathsWorker = fileURLToPath(new URL("./bench-load-worker.mjs", import.meta.url));

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Request headers, as a browser would send them (Accept-Encoding above all). */
  headers?: Record<string, string>;
  /** A file of paths (one a line) taken in turn, each request its own; `url` is then the origin. */
  pathsFile?: string;
  /**
   * Client threads (autocannon's workers). autocannon reads every body as UTF-8 text, which for
   * Brotli bytes costs it several times what serving them costs the site: at 200 connections
   * one thread is the bottleneck, not the site.
   */
  workers?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  seconds: number;
  p50: number;
  p99: number;
  requests: number;
  /** Errors, timeouts and answers other than 2xx: a run with any is not a measurement. */
  failures: number;
  /**
   * CPU time this process spent per request while the load ran, in microseconds (runRounds with
   * `cpu`: the server measured runs in the benchmark's own process). Other work on the machine
   * slows it less than it slows req/s, which is capped by whatever CPU is left.
   */
  cpuMicros?: number;
}

interface AutocannonJson {
  duration: number;
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["--headers", `${name}=${value}`]);
  const args = options.pathsFile
    ? [pathsWorker, JSON.stringify(options)]
    : [
        autocannonCli,
        "--json",
        "--no-progress",
        "--connections",
        String(options.connections),
        "--duration",
        String(options.durationSeconds),
        ...(options.workers ? ["--workers", String(options.workers)] : []),
        ...headers,
        options.url,
      ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err.trim()}`));
      try {
        const result = JSON.parse(out) as AutocannonJson;
        resolve({
          requestsPerSecond: result.requests.average,
          seconds: result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          requests: result.requests.total,
          failures: result.errors + result.timeouts + result.non2xx,
        });
      } catch (error) {
        reject(new Error(`autocannon printed no result: ${String(error)} ${err.trim()}`));
      }
    });
  });
}

/** A target is a URL, or `paths:<file>@<origin>` for a file of paths taken in turn. */
function targetOf(target: string): { url: string; pathsFile?: string } {
  const match = /^paths:(.+)@(https?:\/\/.+)$/.exec(target);
  return match ? { url: match[2]!, pathsFile: match[1]! } : { url: target };
}

/** A target for runRounds that takes a new path from the file on every request. */
export function pathsTarget(pathsFile: string, origin: string): string {
  return `paths:${pathsFile}@${origin}`;
}

/**
 * Loads each URL in turn, round after round (the order flipping every round), for
 * `durationSeconds` per URL in all. Requests per second count every round; p50 is the rounds'
 * median and p99 the worst round's.
 */
export async function runRounds(
  urls: string[],
  options: {
    connections: number;
    durationSeconds: number;
    rounds: number;
    headers?: Record<string, string>;
    /** Headers of their own for some targets, by index (a client asking for no compression). */
    headersFor?: (Record<string, string> | undefined)[];
    workers?: number;
    cpu?: boolean;
  },
): Promise<LoadResult[]> {
  const slice = Math.max(1, Math.round(options.durationSeconds / options.rounds));
  const results: LoadResult[][] = urls.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    const order = urls.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const { connections, workers } = options;
      const headers = options.headersFor?.[i] ?? options.headers;
      const cpuBefore = process.cpuUsage();
      const result = await runLoad({ ...targetOf(urls[i]!), connections, durationSeconds: slice, headers, workers });
      const cpu = process.cpuUsage(cpuBefore);
      results[i]!.push(options.cpu ? { ...result, cpuMicros: cpu.user + cpu.system } : result);
    }
  }
  return results.map((list) => {
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const requests = list.reduce((sum, r) => sum + r.requests, 0);
    const seconds = list.reduce((sum, r) => sum + r.seconds, 0);
    return {
      requestsPerSecond: requests / seconds,
      seconds,
      p50: median(list.map((r) => r.p50)),
      p99: Math.max(...list.map((r) => r.p99)),
      requests,
      failures: list.reduce((sum, r) => sum + r.failures, 0),
      ...(options.cpu ? { cpuMicros: list.reduce((sum, r) => sum + (r.cpuMicros ?? 0), 0) / requests } : {}),
    };
  });
}
