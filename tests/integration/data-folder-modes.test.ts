import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testDbKind } from "../support/database";
import { modesUnder, notOwnerOnly } from "../support/file-modes";
import { runServer, startServer, type ServerProcess } from "../support/server-process";

const randomPort = () => String(20_000 + Math.floor(Math.random() * 30_000));

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Everything under `dir` opened up the way an older version left it: folders 0755, files 0644 or 0666. */
async function loosen(dir: string): Promise<void> {
  for (const { entry, kind } of await modesUnder(dir)) {
    const file = path.join(dir, entry);
    if (kind === "folder") await chmod(file, 0o755);
    else if (kind === "file") await chmod(file, entry.startsWith("db") ? 0o666 : 0o644);
  }
}

describe.skipIf(testDbKind !== "pglite")("the data folder belongs to the site's user alone", () => {
  let dataDir: string;
  let env: Record<string, string>;
  let site: ServerProcess | undefined;

  beforeEach(async () => {
    dataDir = path.join(await mkdtemp(path.join(os.tmpdir(), "dh-modes-")), "data");
    const port = randomPort();
    env = { DATA_DIR: dataDir, SEED_DEMO: "false", PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}` };
  });
  afterEach(async () => {
    await site?.stop("SIGKILL").catch(() => undefined);
    site = undefined;
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it(
    "makes what an older version left readable owner-only at start, and keeps the database, mail, pictures and secret it writes later the same",
    { timeout: 300_000 },
    async () => {
      site = await startServer(env);
      expect((await site.stop("SIGTERM")).code).toBe(0);
      // What the review found: database files 0666 in 0755 folders, mail and pictures 0644.
      await mkdir(path.join(dataDir, "outbox"));
      await writeFile(path.join(dataDir, "outbox", "20250101T000000Z-lead-old.eml"), "From: old\r\n\r\nan old lead\r\n");
      await loosen(dataDir);
      expect(await notOwnerOnly(dataDir)).not.toEqual([]);

      // This start draws the demo helpers' portraits, takes a lead (mailed as an .eml file) and an account.
      site = await startServer({ ...env, SEED_DEMO: "true" });
      const url = env.PUBLIC_URL!;
      const lead = await fetch(`${url}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Private Visitor", phone: "91234567" }),
      });
      expect(lead.status).toBe(201);
      const signedUp = await fetch(`${url}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({ name: "Private Supplier", email: `modes-${Date.now()}@example.com`, password: "a long enough password" }),
      });
      expect(signedUp.status).toBe(200);
      await until(async () => {
        const mails = await readdir(path.join(dataDir, "outbox"));
        return mails.some((name) => name.endsWith(".eml") && !name.includes("-old")) ? true : undefined;
      }, "the lead's mail in the outbox folder");

      const written = await modesUnder(dataDir);
      expect(written.filter((entry) => entry.entry.startsWith("media/") && entry.kind === "file").length).toBeGreaterThan(10);
      expect(written.map((entry) => entry.entry)).toContain("auth-secret");
      expect(await notOwnerOnly(dataDir)).toEqual([]);
      expect(written.find((entry) => entry.entry === "operator.sock")?.mode).toBe(0o600);
      expect(site.output()).toContain("made files and folders in the data folder private to their owner");

      expect((await site.stop("SIGTERM")).code).toBe(0);
      site = undefined;
      expect(await notOwnerOnly(dataDir)).toEqual([]);
      for (const { entry, kind, mode } of await modesUnder(dataDir)) {
        if (kind !== "other") expect(`${entry} ${mode.toString(8)}`).toBe(`${entry} ${kind === "folder" ? "700" : "600"}`);
      }
    },
  );

  it(
    "refuses to start on a data folder other users can write to, in one line naming it and the command that fixes it",
    { timeout: 120_000 },
    async () => {
      await mkdir(path.join(dataDir, "media"), { recursive: true });
      await chmod(dataDir, 0o777);
      const open = await runServer(env);
      expect(open.code).toBe(1);
      expect(open.stderr.trimEnd().split("\n")).toEqual([
        `Configuration error: DATA_DIR ${dataDir} can be written by other users (mode 0777): check what is in it, then run \`chmod -R go-rwx ${dataDir}\``,
      ]);

      await chmod(dataDir, 0o700);
      await chmod(path.join(dataDir, "media"), 0o775);
      const group = await runServer(env);
      expect(group.code).toBe(1);
      expect(group.stderr.trimEnd().split("\n")).toEqual([
        `Configuration error: DATA_DIR ${path.join(dataDir, "media")} can be written by other users (mode 0775): check what is in it, then run \`chmod -R go-rwx ${dataDir}\``,
      ]);
      // Nothing was opened or changed: the folder is as the operator left it, for them to look at.
      expect((await stat(path.join(dataDir, "media"))).mode & 0o777).toBe(0o775);
      expect(await readdir(dataDir)).toEqual(["media"]);

      await promisify(execFile)("chmod", ["-R", "go-rwx", dataDir]);
      site = await startServer(env);
      expect((await fetch(`${site.url}/readyz`)).status).toBe(200);
    },
  );
});
