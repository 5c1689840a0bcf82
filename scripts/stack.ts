/**
 * `npm run stack -- up | restart | down [--delete]`: what compose.yaml describes, run natively on
 * this machine. Caddy (Debian's package, with a configuration and ports of its own, never the
 * system service) ends TLS with its local authority and spreads requests over two instances of the
 * built server; they share a database the stack makes on a PostgreSQL server, Redis, S3-compatible
 * storage and their secrets. Everything it starts is written to $STACK_DIR/stack.json.
 *
 *   STACK_DIR            where the stack keeps its state, logs and files (./.stack)
 *   STACK_PORT           the HTTPS port on localhost (8443)
 *   STACK_POSTGRES_URL   the PostgreSQL server (postgres://postgres@127.0.0.1:5432/postgres)
 *   STACK_REDIS_URL      a Redis to use; unset: one is started on a free port
 *   STACK_INSTANCES      how many instances (2)
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, openSync, readFileSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { Agent, fetch as undiciFetch } from "undici";
import { newVapidKeys } from "../src/server/config";

const root = path.resolve(import.meta.dirname, "..");
const stackDir = path.resolve(process.env.STACK_DIR ?? path.join(root, ".stack"));
const stateFile = path.join(stackDir, "stack.json");
const caddyDir = path.join(stackDir, "caddy");
const wrapperFile = path.join(stackDir, "Caddyfile");
const BUCKET = "direct-helpers";

interface Instance {
  name: string;
  pid: number;
  port: number;
}

interface StackState {
  url: string;
  caFile: string;
  instances: Instance[];
  /** Every process the stack started: Caddy, the instances, S3 and, when it started one, Redis. */
  pids: number[];
  caddy: { pid: number; adminPort: number };
  s3: { pid: number; port: number };
  redis: { url: string; pid?: number };
  database: { server: string; name: string };
  /** Instances started so far, to name the next one. */
  generation: number;
}

interface Secrets {
  AUTH_SECRET: string;
  METRICS_TOKEN: string;
  /** One web push key pair for every instance, as the one AUTH_SECRET. */
  VAPID_PUBLIC_KEY: string;
  VAPID_PRIVATE_KEY: string;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

function alive(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a process that outlives this command, its output appended to a log of the stack's. */
async function launch(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  await mkdir(path.join(stackDir, "logs"), { recursive: true });
  const log = openSync(path.join(stackDir, "logs", `${name}.log`), "a");
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ["ignore", log, log] });
  child.unref();
  if (!child.pid) fail(`Could not start ${name} (${command})`);
  return child;
}

function logTail(name: string): string {
  try {
    return readFileSync(path.join(stackDir, "logs", `${name}.log`), "utf8")
      .split("\n")
      .slice(-15)
      .join("\n");
  } catch {
    return "";
  }
}

/** Waits until `check` holds, or fails saying what did not start. */
async function waitFor(what: string, check: () => Promise<boolean>, pid: number | undefined, timeoutMs: number, log: string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    if (pid !== undefined && !alive(pid)) fail(`${what} stopped while starting:\n${logTail(log)}`);
    await pause(100);
  }
  fail(`${what} did not answer within ${timeoutMs / 1000} s:\n${logTail(log)}`);
}

async function readState(): Promise<StackState | undefined> {
  try {
    return JSON.parse(await readFile(stateFile, "utf8")) as StackState;
  } catch {
    return undefined;
  }
}

async function writeState(state: StackState) {
  state.pids = [state.caddy.pid, ...state.instances.map((instance) => instance.pid), state.s3.pid];
  if (state.redis.pid) state.pids.push(state.redis.pid);
  await writeFile(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

async function secrets(): Promise<Secrets> {
  const file = path.join(stackDir, "secrets.json");
  const kept = existsSync(file) ? (JSON.parse(await readFile(file, "utf8")) as Partial<Secrets>) : {};
  if (kept.AUTH_SECRET && kept.METRICS_TOKEN && kept.VAPID_PUBLIC_KEY && kept.VAPID_PRIVATE_KEY) return kept as Secrets;
  // A stack made before web push gets its pair now; what it had stays.
  const vapid = newVapidKeys();
  const made: Secrets = {
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    METRICS_TOKEN: randomBytes(24).toString("base64url"),
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    ...kept,
  };
  await writeFile(file, `${JSON.stringify(made)}\n`, { mode: 0o600 });
  return made;
}

function serverUrl(database: StackState["database"]): string {
  const url = new URL(database.server);
  url.pathname = `/${database.name}`;
  return url.toString();
}

async function adminQuery(server: string, sql: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Starts one instance of the built server and waits until it is ready. */
async function startInstance(state: StackState, secret: Secrets, port?: number): Promise<Instance> {
  state.generation += 1;
  const name = `instance-${state.generation}`;
  port ??= await freePort();
  const dataDir = path.join(stackDir, "instances", name);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    INSTANCE_NAME: name,
    PUBLIC_URL: state.url,
    TRUST_PROXY: "1",
    DATA_DIR: dataDir,
    DATABASE_URL: serverUrl(state.database),
    REDIS_URL: state.redis.url,
    S3_ENDPOINT: `http://127.0.0.1:${state.s3.port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    SEED_DEMO: process.env.SEED_DEMO ?? "true",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
    ...secret,
  };
  const child = await launch(
    name,
    process.execPath,
    ["--enable-source-maps", "--max-semi-space-size=4", path.join(root, "dist", "server.js")],
    env,
  );
  const ready = async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200;
  await waitFor(`The instance ${name}`, ready, child.pid, 180_000, name);
  return { name, pid: child.pid!, port };
}

async function writeCaddyfile(state: StackState) {
  // Global options of the stack's own, then the site as compose.yaml's Caddy serves it.
  await writeFile(
    wrapperFile,
    [
      "{",
      `\tadmin 127.0.0.1:${state.caddy.adminPort}`,
      `\tstorage file_system ${caddyDir}`,
      "\tdefault_bind 127.0.0.1",
      "\tlocal_certs",
      "\tskip_install_trust",
      "\tauto_https disable_redirects",
      `\thttps_port ${new URL(state.url).port}`,
      "}",
      `import ${path.join(root, "deploy", "Caddyfile")}`,
      "",
    ].join("\n"),
  );
}

function caddyEnv(state: StackState): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: caddyDir,
    XDG_CONFIG_HOME: caddyDir,
    XDG_DATA_HOME: caddyDir,
    SITE_ADDRESS: state.url,
    UPSTREAMS: state.instances.map((instance) => `127.0.0.1:${instance.port}`).join(" "),
  };
}

/** What the stack answers through Caddy, trusting Caddy's local authority. */
function stackFetch(state: Pick<StackState, "caFile">) {
  const dispatcher = new Agent({ connect: { ca: readFileSync(state.caFile) } });
  return (url: string, init: Parameters<typeof undiciFetch>[1] = {}) => undiciFetch(url, { ...init, dispatcher });
}

async function stopProcess(pid: number | undefined, timeoutMs = 30_000) {
  if (!alive(pid)) return;
  process.kill(pid!, "SIGTERM");
  const until = Date.now() + timeoutMs;
  while (alive(pid) && Date.now() < until) await pause(100);
  if (alive(pid)) process.kill(pid!, "SIGKILL");
}

function requireTools() {
  const caddy = spawnSync("caddy", ["version"], { encoding: "utf8" });
  if (caddy.error || caddy.status !== 0)
    fail("Caddy is not installed. On Debian or Ubuntu: sudo apt-get install caddy (then run this again). The system service is not used.");
  if (!existsSync(path.join(root, "dist", "server.js")) || !existsSync(path.join(root, "build", "client")))
    fail("The site is not built: run npm run build first.");
}

async function up() {
  const running = await readState();
  if (running && running.pids.some(alive)) fail(`A stack already runs at ${running.url} (${stateFile}): npm run stack -- down first.`);
  requireTools();
  await mkdir(stackDir, { recursive: true, mode: 0o700 });
  const port = Number(process.env.STACK_PORT ?? 8443);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`STACK_PORT must be a port number (got "${process.env.STACK_PORT}")`);
  if (!(await portIsFree(port))) fail(`STACK_PORT ${port} is in use on 127.0.0.1: choose another with STACK_PORT.`);
  const count = Number(process.env.STACK_INSTANCES ?? 2);
  if (!Number.isInteger(count) || count < 1 || count > 8) fail("STACK_INSTANCES must be a whole number from 1 to 8");
  const secret = await secrets();

  const server = process.env.STACK_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = running?.database.name ?? `direct_helpers_stack_${randomBytes(4).toString("hex")}`;
  const state: StackState = {
    url: `https://localhost:${port}`,
    caFile: path.join(caddyDir, "pki", "authorities", "local", "root.crt"),
    instances: [],
    pids: [],
    caddy: { pid: 0, adminPort: await freePort() },
    s3: { pid: 0, port: await freePort() },
    redis: { url: process.env.STACK_REDIS_URL ?? "" },
    database: { server, name },
    generation: running?.generation ?? 0,
  };
  try {
    await adminQuery(server, `CREATE DATABASE ${name}`);
    console.log(`PostgreSQL: database ${name} made`);
  } catch (error) {
    if ((error as { code?: string }).code !== "42P04") fail(`PostgreSQL at ${server} refused: ${(error as Error).message}`);
    console.log(`PostgreSQL: database ${name} kept from the last run`);
  }

  if (!state.redis.url) {
    const redisPort = await freePort();
    const redis = await launch(
      "redis",
      "redis-server",
      ["--bind", "127.0.0.1", "--port", String(redisPort), "--save", "", "--appendonly", "no"],
      {
        PATH: process.env.PATH,
      },
    ).catch(() => undefined);
    if (!redis?.pid) fail("redis-server is not installed: set STACK_REDIS_URL, or sudo apt-get install redis-server");
    state.redis = { url: `redis://127.0.0.1:${redisPort}`, pid: redis.pid };
    await waitFor("Redis", () => portIsFree(redisPort).then((free) => !free), redis.pid, 10_000, "redis");
  }

  const s3Dir = path.join(stackDir, "s3");
  await mkdir(s3Dir, { recursive: true, mode: 0o700 });
  const s3 = await launch(
    "s3",
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts", "local-s3.ts"), s3Dir, String(state.s3.port), BUCKET],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
    },
  );
  state.s3.pid = s3.pid!;
  await waitFor("S3 storage", () => portIsFree(state.s3.port).then((free) => !free), s3.pid, 30_000, "s3");
  await writeState(state);

  // One after the other: the first writes the demo (when asked), the next finds it written.
  for (let index = 0; index < count; index++) {
    state.instances.push(await startInstance(state, secret));
    await writeState(state);
    console.log(`${state.instances.at(-1)!.name} ready on 127.0.0.1:${state.instances.at(-1)!.port}`);
  }

  await mkdir(caddyDir, { recursive: true, mode: 0o700 });
  await writeCaddyfile(state);
  const caddy = await launch("caddy", "caddy", ["run", "--config", wrapperFile, "--adapter", "caddyfile"], caddyEnv(state));
  state.caddy.pid = caddy.pid!;
  await writeState(state);
  await waitFor(
    "Caddy",
    async () => existsSync(state.caFile) && (await stackFetch(state)(`${state.url}/readyz`)).status === 200,
    caddy.pid,
    30_000,
    "caddy",
  );
  console.log(`The stack answers at ${state.url} (Caddy's local authority: ${state.caFile}); state in ${stateFile}`);
}

/**
 * Replaces the instances one at a time on their ports. The old one drains (it stops taking
 * connections and finishes what it has) while Caddy sends its requests to the others, retrying a
 * refused connection there; the next one goes only once Caddy routes to its replacement again.
 */
async function restart() {
  const state = await readState();
  if (!state || !alive(state.caddy.pid)) fail(`No stack runs here (${stateFile}): npm run stack -- up`);
  requireTools();
  const secret = await secrets();
  const viaCaddy = stackFetch(state);
  for (const old of [...state.instances]) {
    await stopProcess(old.pid);
    const fresh = await startInstance(state, secret, old.port);
    state.instances = state.instances.map((instance) => (instance === old ? fresh : instance));
    await writeState(state);
    await waitFor(
      `Caddy's route to ${fresh.name}`,
      async () => {
        for (let tries = 0; tries < state.instances.length * 2; tries++) {
          const answer = await viaCaddy(`${state.url}/readyz`);
          if (answer.headers.get("x-served-by") === fresh.name) return true;
        }
        return false;
      },
      fresh.pid,
      30_000,
      "caddy",
    );
    console.log(`${old.name} replaced by ${fresh.name} on 127.0.0.1:${fresh.port}`);
  }
  console.log(`Restarted: ${state.instances.map((instance) => instance.name).join(", ")}`);
}

async function down(remove: boolean) {
  const state = await readState();
  if (!state) {
    console.log(`No stack here (${stateFile}).`);
    return;
  }
  // Caddy first, so nobody is sent to an instance that is stopping.
  await stopProcess(state.caddy.pid);
  await Promise.all(state.instances.map((instance) => stopProcess(instance.pid)));
  await Promise.all([stopProcess(state.s3.pid), stopProcess(state.redis.pid)]);
  await rm(stateFile, { force: true });
  if (remove) {
    await adminQuery(state.database.server, `DROP DATABASE IF EXISTS ${state.database.name} WITH (FORCE)`);
    await rm(stackDir, { recursive: true, force: true });
    console.log(`Stopped; database ${state.database.name} and ${stackDir} deleted.`);
  } else {
    console.log(`Stopped; the database ${state.database.name} and the files in ${stackDir} are kept (down --delete removes them).`);
  }
}

const [command, option] = process.argv.slice(2);
if (command === "up") await up();
else if (command === "restart") await restart();
else if (command === "down") await down(option === "--delete");
else fail("usage: npm run stack -- up | restart | down [--delete]");
