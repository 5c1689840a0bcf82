/**
 * A stand-in for a browser's push service, on loopback: it takes a push as Chrome's or Firefox's
 * service would, checks its VAPID signature (an ES256 JWT for the service's own origin, signed
 * by the site's public key) and decrypts the notice with the subscription's private key, which
 * the test made itself as a browser would (its ECDH pair and auth secret).
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { decrypt } from "http_ece";

export interface ReceivedPush {
  path: string;
  /** The notice as the service worker reads it. */
  notice: { title: string; body: string; url: string; tag?: string };
  ttl: number;
  /** The VAPID claims, once the signature checked out. */
  claims: { aud: string; sub: string; exp: number };
}

/** How the service answers a subscription: a status, or never (a push service that hangs). */
export type Answer = number | "hang";

export interface PushStandIn {
  origin: string;
  received: ReceivedPush[];
  /** Pushes the service refused (bad signature, undecryptable): the reason. */
  refused: string[];
  /** A new subscription as `PushSubscription.toJSON()` gives it, answered `answer`. */
  subscribe(answer?: Answer): { endpoint: string; keys: { p256dh: string; auth: string } };
  answer(endpoint: string, answer: Answer): void;
  /** Resolves once `n` pushes have been received. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

interface Browser {
  ecdh: ECDH;
  auth: string;
  answer: Answer;
}

function checkVapid(header: string | undefined, siteKey: string, origin: string): ReceivedPush["claims"] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, token, key] = match;
  if (key !== siteKey) throw new Error("signed with another key than the site's");
  const [head, body, signature] = token!.split(".");
  if (JSON.parse(Buffer.from(head!, "base64url").toString()).alg !== "ES256") throw new Error("not ES256");
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") },
    format: "jwk",
  });
  const signed = Buffer.from(`${head}.${body}`);
  if (!verify("sha256", signed, { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"))) {
    throw new Error("the VAPID signature does not verify");
  }
  const claims = JSON.parse(Buffer.from(body!, "base64url").toString()) as ReceivedPush["claims"];
  if (claims.aud !== origin) throw new Error(`audience ${claims.aud}, not ${origin}`);
  if (claims.exp * 1000 <= Date.now() || claims.exp * 1000 > Date.now() + 24 * 3600_000) throw new Error("expiry out of range");
  return claims;
}

/** `siteKey()`: the site's VAPID public key, read when a push arrives (the app may be built after the service). */
export async function startPushService(siteKey: () => string): Promise<PushStandIn> {
  const browsers = new Map<string, Browser>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const waiting = new Set<() => void>();
  const hanging = new Set<http.ServerResponse>();
  let origin = "";

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const browser = browsers.get(request.url ?? "");
      if (!browser) return void response.writeHead(404).end();
      if (browser.answer === "hang") return void hanging.add(response);
      try {
        const claims = checkVapid(request.headers.authorization, siteKey(), origin);
        if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        const plain = decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: browser.ecdh, authSecret: browser.auth });
        if (browser.answer < 300) {
          received.push({ path: request.url!, notice: JSON.parse(plain.toString("utf8")), ttl: Number(request.headers.ttl), claims });
          for (const wake of [...waiting]) wake();
        }
        response.writeHead(browser.answer).end();
      } catch (error) {
        refused.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe(answer = 201) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      const path = `/push/${randomBytes(12).toString("base64url")}`;
      browsers.set(path, { ecdh, auth, answer });
      return { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } };
    },
    answer(endpoint, answer) {
      browsers.get(new URL(endpoint).pathname)!.answer = answer;
    },
    async waitFor(n, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`${received.length} pushes received, ${n} awaited; refused: ${refused.join("; ")}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          waiting.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
        waiting.clear();
      }
      return received;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
