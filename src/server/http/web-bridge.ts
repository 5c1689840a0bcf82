/**
 * Between Fastify and handlers that speak web Request/Response (React Router, better-auth):
 * the request goes over with its raw body and the client's address; the response comes back
 * through Fastify, so compression and the security headers still apply.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** Set from Fastify's idea of the client's address (trusting the proxy); never from the client. */
export const CLIENT_IP_HEADER = "x-dh-client-ip";

/**
 * A signal that fires when the client's connection closes before its answer was sent, so React
 * Router stops running loaders and actions for a visitor who has gone (decision 018).
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * `shared`: the request as anybody could have made it, for a page kept for everyone: at its
 * canonical address and without the client's cookies.
 */
export function toWebRequest(request: FastifyRequest, signal?: AbortSignal, shared?: { url: string }): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER || (shared && name === "cookie")) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(request.body);
  return new Request(new URL(shared?.url ?? request.url, `${request.protocol}://${request.host}`), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
    signal,
  });
}

export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}

/** In this plugin's scope, bodies stay raw bytes for the web handler to read. */
export function keepRawBodies(app: FastifyInstance, bodyLimit: number): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit }, (_request, body, done) => done(null, body));
}
