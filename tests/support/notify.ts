/**
 * For lead and notification tests: phone numbers no other test uses, a real SMTP server and a
 * stand-in for the Telegram API, all on loopback.
 */
import { randomInt } from "node:crypto";
import http from "node:http";
import net from "node:net";
import { desc, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { Config } from "../../src/server/config";
import { outbox } from "../../src/features/notifications/server/tables";
import type { LeadNotice } from "../../src/features/leads/service";
import { configuredChannels } from "../../src/features/notifications";
import { normalisePhone } from "../../src/shared/phone";
import type { TestApp } from "./test-app";

/** What recordLead needs of a configuration, as the services give it. */
export const leadNotice = (config: Config): LeadNotice => ({ siteName: config.siteName, channels: configuredChannels(config) });

function uniqueNumber(make: () => string): { typed: string; e164: string } {
  for (;;) {
    const typed = make();
    const result = normalisePhone(typed);
    if (result.ok) return { typed, e164: result.phone };
  }
}

const digits = (n: number) => String(randomInt(0, 10 ** n)).padStart(n, "0");

/** A valid Singapore mobile number, typed the local way ("9123 4567"). */
export const uniqueSgMobile = () => uniqueNumber(() => `9${randomInt(1, 8)}${digits(2)} ${digits(4)}`);

/** A valid Philippine mobile number with its country code ("+63 917 123 4567"). */
export const uniquePhMobile = () => uniqueNumber(() => `+63 917 ${digits(3)} ${digits(4)}`);

/** A loopback port nothing listens on (at the moment of asking). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
  /** Headers and body with quoted-printable soft breaks and escapes undone. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface SmtpServer {
  port: number;
  url: string;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server (no TLS, no authentication) that keeps every mail it receives. */
export async function startSmtpServer(port = 0): Promise<SmtpServer> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actual = (server.server.address() as net.AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  body: string;
}

/** An HTTP server standing in for an API: records each request and answers with `reply`. */
export async function startHttpRecorder(reply: (request: RecordedRequest) => { status: number; body: unknown }) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded = { method: req.method ?? "", path: req.url ?? "", body: Buffer.concat(chunks).toString("utf8") };
      requests.push(recorded);
      const answer = reply(recorded);
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The texts of the messages of one kind queued for one address, newest first (the worker need not run). */
export async function queuedMailsTo(t: Pick<TestApp, "db">, kind: string, email: string): Promise<string[]> {
  const rows = await t.db
    .select()
    .from(outbox)
    .where(sql`${outbox.kind} = ${kind} and ${outbox.payload}->'to'->>'email' = ${email}`)
    .orderBy(desc(outbox.createdAt));
  return rows.map((row) => (row.payload as { text: string }).text);
}
