/**
 * Operator commands while the site runs on the embedded database. Only the running process may
 * open that database, so `npm run operator` and `npm run backup` ask it: over a Unix socket in the
 * data folder, readable and writable by the folder's owner alone (the same person who could read
 * the database files), never over the network. A role change is made in the site's own
 * database, so it applies at once and is kept after a restart; a backup is written by the site,
 * as the user it runs as, to the file the command names.
 */
import { chmod, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../server/db/connect";
import { setRole, UnknownUserError, type Role, type RoleChange } from "../../accounts";
import { roles } from "../../../shared/roles";
import { BackupRefused, writeBackup, type DumpsDataDir, type Manifest } from "../../../server/ops/backup";

export const OPERATOR_SOCKET = "operator.sock";

export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, OPERATOR_SOCKET);
}

interface RoleRequest {
  email: string;
  role: Role;
}

function isRoleRequest(value: unknown): value is RoleRequest {
  const record = value as Partial<RoleRequest> | null;
  return typeof record?.email === "string" && (roles as readonly unknown[]).includes(record.role);
}

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function backUp(response: http.ServerResponse, body: unknown, database: DumpsDataDir, dataDir: string, log: FastifyBaseLogger) {
  const file = (body as { file?: unknown } | undefined)?.file;
  if (typeof file !== "string") return answer(response, 400, { error: "expected {file}" });
  try {
    const manifest = await writeBackup(database, dataDir, file);
    log.info({ file, mediaFiles: manifest.mediaFiles }, "backup written for an operator command");
    answer(response, 200, manifest);
  } catch (error) {
    if (error instanceof BackupRefused) return answer(response, 400, { error: error.message });
    log.error({ err: error, file }, "backup failed");
    answer(response, 500, { error: `the site could not write the backup (${(error as Error).message.split("\n")[0]})` });
  }
}

export async function serveOperatorSocket(dataDir: string, database: DumpsDataDir & { db: Database }, log: FastifyBaseLogger) {
  const { db } = database;
  const file = operatorSocketPath(dataDir);
  // Only the process holding the data folder's lock gets here, so a socket left over is stale.
  await rm(file, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== "POST" || (request.url !== "/role" && request.url !== "/backup"))
      return answer(response, 404, { error: "unknown command" });
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
      if (body.length > 10_000) request.destroy();
    });
    request.on("end", () => {
      void (async () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(body);
        } catch {
          parsed = undefined;
        }
        if (request.url === "/backup") return backUp(response, parsed, database, dataDir, log);
        if (!isRoleRequest(parsed)) return answer(response, 400, { error: "expected {email, role}" });
        try {
          const change = await setRole(db, parsed.email, parsed.role);
          log.info({ email: change.email, before: change.before, after: change.after }, "role changed by an operator command");
          answer(response, 200, change);
        } catch (error) {
          if (error instanceof UnknownUserError) return answer(response, 404, { error: error.message });
          log.error({ err: error }, "operator command failed");
          answer(response, 500, { error: "the site could not change the role; see its log" });
        }
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(file, () => resolve());
  });
  await chmod(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Sends one command to the running site and reads its JSON answer. */
function ask(dataDir: string, command: string, payload: object): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const call = http.request(
      { socketPath: operatorSocketPath(dataDir), path: command, method: "POST", headers: { "content-type": "application/json" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(body || "{}") as Record<string, unknown> });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    call.on("error", reject);
    call.end(JSON.stringify(payload));
  });
}

/** The client side: asks the running site to change a role. */
export async function askRunningSite(dataDir: string, request: RoleRequest): Promise<RoleChange> {
  const { status, body } = await ask(dataDir, "/role", request);
  if (status === 200) return body as unknown as RoleChange;
  if (status === 404) throw new UnknownUserError(request.email);
  throw new Error(typeof body.error === "string" ? body.error : `the running site answered ${status}`);
}

/** The client side: asks the running site to write a backup of itself to `file` (an absolute path). */
export async function askRunningSiteForBackup(dataDir: string, file: string): Promise<Manifest> {
  const { status, body } = await ask(dataDir, "/backup", { file });
  if (status === 200) return body as unknown as Manifest;
  const message = typeof body.error === "string" ? body.error : `the running site answered ${status}`;
  throw status === 400 ? new BackupRefused(message) : new Error(message);
}
