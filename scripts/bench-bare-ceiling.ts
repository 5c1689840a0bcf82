/**
 * The bare Node ceiling of the API benchmark: node:http alone, no framework, answering a path
 * with the very status, headers and bytes the site answered for it. What a JSON API on this
 * machine and this Node can do at most; the site's listing is judged against it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** Headers Node writes itself for every answer (and would write twice if copied). */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/**
 * The site's answer to `url` as a client without compression gets it (autocannon sends no
 * Accept-Encoding), headers as the site wrote them minus those Node adds to any answer.
 */
export async function recordAnswer(url: string): Promise<RecordedAnswer> {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [name, value] of response.headers) if (!OWN_HEADERS.has(name)) headers[name] = value;
  headers["content-length"] = String(body.length);
  return { status: response.status, headers, body };
}

export interface BareCeiling {
  origin: string;
  /** Answers `path` (with its query) with this answer from now on. */
  answer(path: string, recorded: RecordedAnswer): void;
  close(): Promise<void>;
}

export async function startBareCeiling(): Promise<BareCeiling> {
  const answers = new Map<string, RecordedAnswer>();
  const server = http.createServer((request, response) => {
    const recorded = answers.get(request.url ?? "");
    if (!recorded) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(recorded.status, recorded.headers);
    response.end(recorded.body);
  });
  // The same keep-alive as Fastify's default, so neither side reopens connections more often.
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    answer: (path, recorded) => void answers.set(path, recorded),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
