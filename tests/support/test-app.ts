/**
 * The application on a test database and a temporary media folder, for app.inject() tests.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { buildApp, type AppDeps } from "../../src/composition/app";
import { loadConfig, type Config } from "../../src/server/config";
import { openStorage } from "../../src/features/media/server/open-storage";
import { createTestDatabase, type TestDatabase } from "./database";
import { errorLogStream, expectErrorLog } from "./server-log";

/** The auth secret of every test app, so a test can sign what the site signs (a visitor cookie). */
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";

export interface TestApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: TestDatabase;
  db: TestDatabase["handle"]["db"];
  dataDir: string;
  /** The configuration the app was built with. */
  config: Config;
  close(): Promise<void>;
  /** Says the test provokes a server error on purpose, what the log says and why (server-log.ts). */
  expectErrorLog: typeof expectErrorLog;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  pages?: AppDeps["pages"];
  authLimits?: AppDeps["authLimits"];
  leadLimits?: AppDeps["leadLimits"];
  helperWriteLimits?: AppDeps["helperWriteLimits"];
  chatLimits?: AppDeps["chatLimits"];
  /** Push services on loopback (the stand-in of tests/support/push-service.ts), and their timeout. */
  pushSending?: AppDeps["pushSending"];
  logger?: AppDeps["logger"];
  /** A database of another test app, as a second instance shares it (sharedDatabase()). */
  database?: TestDatabase;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "dh-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: TEST_AUTH_SECRET,
    LOG_LEVEL: "silent",
    // Each change is acted on at once, so a test reads what it just wrote; suites about
    // gathering changes set their own window.
    LISTING_CHANGE_WINDOW_MS: "0",
    // A suite's factories write many biodata and read few PDFs: each is made when asked for.
    PREPARE_AHEAD: "false",
    ...options.env,
  });
  const database = options.database ?? (await createTestDatabase());
  // Disk under the data folder, or the bucket a suite configures with S3_* (as the app starts).
  const storage = await openStorage(config);
  // Generous limits: a suite signs in many times from one address. Rate-limit tests set their own.
  const authLimits = options.authLimits ?? { signIn: 1000, signUp: 1000, resetPassword: 1000 };
  // Leads too: a suite submits the gate many times from one address.
  const leadLimits = options.leadLimits ?? { max: 1000, windowMs: 60_000 };
  // Biodata writes too: suites save many biodata as one supplier.
  const helperWriteLimits = options.helperWriteLimits ?? [{ max: 10_000, windowMs: 60_000 }];
  // Conversations too: a suite's families all write from one address. The limits' own suite sets them.
  const chatLimits = options.chatLimits ?? { perAddressHour: 10_000, streamsPerAddress: 1_000 };
  const app = await buildApp({
    config,
    database: database.handle,
    storage,
    pages: options.pages,
    authLimits,
    leadLimits,
    helperWriteLimits,
    chatLimits,
    pushSending: options.pushSending,
    logger: withErrorLog(options.logger),
  });
  await app.ready();
  return {
    app,
    database,
    db: database.handle.db,
    dataDir,
    config,
    async close() {
      await app.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
    expectErrorLog,
  };
}

/** Options, or what makes them once the suite's earlier hooks have run (a server it started, a port). */
export type OptionsWhenBuilt<T> = T | (() => T | Promise<T>);

/**
 * The app of the suite it is called in, built before its tests (in a beforeAll registered where
 * this is called, so hooks registered earlier have run) and closed after them. What it returns
 * reads the app once built: tests and later hooks use it as the app itself.
 */
export function useTestApp(options: OptionsWhenBuilt<TestAppOptions> = {}): TestApp {
  return useApp(async () => createTestApp(typeof options === "function" ? await options() : options));
}

/** The suite's app as `create` makes it; see useTestApp. */
export function useApp(create: () => Promise<TestApp>): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await create();
  });
  afterAll(async () => {
    await built?.close();
    built = undefined;
  });
  const current = () => {
    if (!built) throw new Error("the suite's app exists from its beforeAll to its afterAll: read it inside a test or a hook");
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get db() {
      return current().db;
    },
    get dataDir() {
      return current().dataDir;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
    expectErrorLog,
  };
}

/**
 * The app logs its errors to the test's check (and whatever else the suite asked for): Fastify's
 * own pino logger, at error level unless the suite reads more.
 */
function withErrorLog(logger: AppDeps["logger"]): AppDeps["logger"] {
  if (logger === undefined || logger === false) return { level: "error", stream: errorLogStream };
  if (logger === true || !logger.stream) return logger;
  const own = logger.stream;
  return {
    ...logger,
    stream: {
      write(line: string) {
        own.write(line);
        errorLogStream.write(line);
      },
    },
  };
}
