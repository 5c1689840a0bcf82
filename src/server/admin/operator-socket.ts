/**
 * Operator commands while the site runs on the embedded database. Only the running process may
 * open that database, so `npm run admin` asks it: over a Unix socket in the data folder,
 * readable and writable by the folder's owner alone (the same person who could read the
 * database files), never over the network. The change is made in the site's own database, so it
 * applies at once and is kept after a restart.
 */
import { chmod, rm } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/connect";
import { setRole, UnknownUserError, type Role, type RoleChange } from "../auth";

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
  return typeof record?.email === "string" && (record.role === "admin" || record.role === "supplier");
}

function answer(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

export async function serveOperatorSocket(dataDir: string, db: Database, log: FastifyBaseLogger) {
  const file = operatorSocketPath(dataDir);
  // Only the process holding the data folder's lock gets here, so a socket left over is stale.
  await rm(file, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/role") return answer(response, 404, { error: "unknown command" });
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

/** The client side: asks the running site to change a role. */
export function askRunningSite(dataDir: string, request: RoleRequest): Promise<RoleChange> {
  return new Promise((resolve, reject) => {
    const call = http.request(
      { socketPath: operatorSocketPath(dataDir), path: "/role", method: "POST", headers: { "content-type": "application/json" } },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => {
          const parsed = JSON.parse(body || "{}") as RoleChange & { error?: string };
          if (response.statusCode === 200) return resolve(parsed);
          if (response.statusCode === 404) return reject(new UnknownUserError(request.email));
          reject(new Error(parsed.error ?? `the running site answered ${response.statusCode}`));
        });
      },
    );
    call.on("error", reject);
    call.end(JSON.stringify(request));
  });
}
