import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signUp, signUpOverHttp } from "../support/auth";
import { testDbKind } from "../support/database";
import { runServer, startServer, type ServerProcess } from "../support/server-process";
import { useTestApp } from "../support/test-app";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");

/** `npm run operator -- <command> <email>` as an operator types it, with this environment. */
async function operatorCommand(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, ["scripts/operator.ts", ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const randomPort = () => String(20_000 + Math.floor(Math.random() * 30_000));

describe.skipIf(testDbKind !== "pglite")("one process at a time on the embedded database's folder", () => {
  let dataDir: string;
  let env: Record<string, string>;
  const running: ServerProcess[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-lock-"));
    const port = randomPort();
    env = { DATA_DIR: dataDir, SEED_DEMO: "false", PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` };
  });
  afterEach(async () => {
    for (const server of running.splice(0)) await server.stop("SIGKILL").catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startServer(env);
    running.push(server);
    return server;
  };

  it("stops a second server on the same folder with one line naming the process that holds it", { timeout: 120_000 }, async () => {
    const first = await start();
    const second = await runServer({ ...env, PORT: "0" });
    expect(second.code).toBe(1);
    const lines = second.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Database error: the embedded database in .* is in use by process \d+/);
    expect(lines[0]).toContain(`process ${first.pid}`);
    // The first one was not disturbed.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  });

  it("starts again after the holder was killed with kill -9", { timeout: 120_000 }, async () => {
    const first = await start();
    expect(first.output()).toContain("Demo data: not written (SEED_DEMO=false)");
    await first.stop("SIGKILL");
    running.splice(0);
    const again = await start();
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
  });

  it("promotes an account while the site runs: at once, and still after a restart", { timeout: 180_000 }, async () => {
    const site = await start();
    const email = `lock-${Date.now()}@example.com`;
    const cookie = await signUpOverHttp(site.url, env.PUBLIC_URL!, { name: "Soon Operator", email, password: "a long enough password" });
    // The page is read to its end: a body left unread holds the connection (and the site's stop) open.
    const operatorPage = () =>
      fetch(`${site.url}/admin/leads`, { headers: { cookie }, redirect: "manual" }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    expect(await operatorPage()).toBe(403);

    const promoted = await operatorCommand(env, "promote", email);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain(
      `Soon Operator <${email}> is now an operator (was a supplier) (through the running site, process ${site.pid}`,
    );
    expect(await operatorPage()).toBe(200);

    const stopped = await site.stop("SIGTERM");
    expect(stopped.code, stopped.stdout + stopped.stderr).toBe(0);
    running.splice(0);
    const restarted = await start();
    const afterRestart = await fetch(`${restarted.url}/admin/leads`, { headers: { cookie }, redirect: "manual" });
    await afterRestart.arrayBuffer();
    expect(afterRestart.status).toBe(200);

    const unknown = await operatorCommand(env, "promote", "nobody@example.com");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe(
      "No account has the email nobody@example.com. Check the spelling, or ask the person to sign up first.",
    );
  });

  it("refuses, in one line, a DATA_DIR that holds no site, and leaves it as it was", { timeout: 60_000 }, async () => {
    for (const folder of [dataDir, path.join(dataDir, "mistyped")]) {
      const refused = await operatorCommand({ ...env, DATA_DIR: folder }, "promote", "someone@example.com");
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `No site's database in ${path.join(folder, "db")}: run the command with the DATA_DIR the site runs with (DATA_DIR=<folder> npm run operator -- promote <email>).`,
      );
    }
    expect(await readdir(dataDir)).toEqual([]);
  });

  it("changes a role directly when no site runs", { timeout: 120_000 }, async () => {
    const site = await start();
    const email = `offline-${Date.now()}@example.com`;
    const signedUp = await fetch(`${site.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: env.PUBLIC_URL! },
      body: JSON.stringify({ name: "Offline Operator", email, password: "a long enough password" }),
    });
    expect(signedUp.status).toBe(200);
    await site.stop("SIGTERM");
    running.splice(0);
    expect(existsSync(path.join(dataDir, "db.lock"))).toBe(false);
    const promoted = await operatorCommand(env, "promote", email);
    expect(promoted.stdout.trim()).toBe(`Offline Operator <${email}> is now an operator (was a supplier).`);
  });
});

describe.skipIf(testDbKind !== "postgres" || !process.env.TEST_DATABASE_URL)("the operator command on PostgreSQL", () => {
  const t = useTestApp();

  it("changes the role in the database; a signed-in user has it on their next request", { timeout: 120_000 }, async () => {
    const supplier = await signUp(t, { name: "Postgres Operator" });
    const asSupplier = () => t.app.inject({ url: "/api/admin/leads", headers: { cookie: supplier.cookie } });
    expect((await asSupplier()).statusCode).toBe(403);
    const promoted = await operatorCommand({ DATABASE_URL: t.database.url! }, "promote", supplier.email);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain("is now an operator");
    expect((await asSupplier()).statusCode).toBe(200);
  });
});
