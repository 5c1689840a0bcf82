import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  ConfigError,
  loadConfig,
  newVapidKeys,
  prepareDataDir,
  publicConfig,
  resolveVapidKeys,
  startWarnings,
} from "../../src/server/config";

/** The one line a start with this environment stops on. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).not.toContain("\n");
    return message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
}

describe("configuration from the environment", () => {
  it("runs with nothing set: port 3000 on localhost, data under ./data, demo data, disk storage", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "localhost",
      publicUrl: "http://localhost:3000",
      dataDir: path.resolve("data"),
      databaseUrl: undefined,
      s3: undefined,
      telegram: undefined,
      siteName: "Direct Helpers",
      seedDemo: true,
      buildDir: "build",
      viteDevServer: false,
      logLevel: "info",
      isProduction: false,
    });
    expect(config.metaPixelId).toBeUndefined();
  });

  it("takes every documented variable", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "0.0.0.0",
      PUBLIC_URL: "https://directhelpers.sg/",
      DATA_DIR: "/var/lib/direct-helpers",
      DATABASE_URL: "postgres://app:secret@db:5432/helpers",
      S3_ENDPOINT: "http://minio:9000",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
      SMTP_URL: "smtp://mail:25",
      SUPPORT_EMAIL: "support@directhelpers.sg",
      TELEGRAM_BOT_TOKEN: "123:abc",
      TELEGRAM_CHAT_ID: "-100123",
      CONTACT_PHONE: "+6591234567",
      TELEGRAM_BOT: "DirectHelpersBot",
      WEBCHAT_URL: "https://chat.directhelpers.sg",
      CONTACT_ROUTE: "site",
      META_PIXEL_ID: "1234567890",
      SITE_NAME: "Helpers SG",
      AUTH_SECRET: "a".repeat(32),
      SEED_DEMO: "false",
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      host: "0.0.0.0",
      publicUrl: "https://directhelpers.sg",
      dataDir: "/var/lib/direct-helpers",
      databaseUrl: "postgres://app:secret@db:5432/helpers",
      s3: { endpoint: "http://minio:9000", bucket: "media", region: "us-east-1", forcePathStyle: true },
      mail: { smtpUrl: "smtp://mail:25", supportEmail: "support@directhelpers.sg" },
      telegram: { botToken: "123:abc", chatId: "-100123" },
      contactPhone: "6591234567",
      telegramBot: "DirectHelpersBot",
      webchatUrl: "https://chat.directhelpers.sg",
      contactRoute: "site",
      metaPixelId: "1234567890",
      siteName: "Helpers SG",
      seedDemo: false,
    });
  });

  it("trusts forwarded client addresses only when told how many proxies or which ones", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    const hops = loadConfig({ TRUST_PROXY: "2" }).trustProxy as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops("10.0.0.1", hop))).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 10.0.0.2" }).trustProxy).toEqual(["10.0.0.1", "10.0.0.2"]);
  });

  it.each(["true", "TRUE", " true "])("refuses TRUST_PROXY=%j in one line saying to give the hops or the addresses", (value) => {
    const message = refusal({ TRUST_PROXY: value });
    expect(message.startsWith("TRUST_PROXY must be the number of proxy hops")).toBe(true);
    expect(message).toContain("or the proxies' addresses");
  });

  it("makes PDFs in worker threads, one core left to the main thread, unless told otherwise", () => {
    expect(loadConfig({}).pdf).toEqual({
      workers: Math.max(1, Math.min(4, os.availableParallelism() - 1)),
      queue: 16,
      idleMs: 60_000,
    });
    expect(loadConfig({ PDF_WORKERS: "0", PDF_QUEUE: "3", PDF_IDLE_SECONDS: "5" }).pdf).toEqual({ workers: 0, queue: 3, idleMs: 5_000 });
    expect(refusal({ PDF_WORKERS: "two" })).toMatch(/^PDF_WORKERS must be a whole number of worker threads/);
    expect(refusal({ PDF_QUEUE: "0" })).toMatch(/^PDF_QUEUE must be a whole number of PDFs, at least 1/);
    expect(refusal({ PDF_IDLE_SECONDS: "0" })).toMatch(/^PDF_IDLE_SECONDS must be a whole number of seconds, at least 1/);
  });

  it("names the instance for the x-served-by header: INSTANCE_NAME, else the host name and port", () => {
    expect(loadConfig({ INSTANCE_NAME: "instance-2" }).instanceName).toBe("instance-2");
    expect(loadConfig({ PORT: "3001" }).instanceName).toBe(`${os.hostname()}:3001`);
    expect(refusal({ INSTANCE_NAME: "a b" })).toMatch(/^INSTANCE_NAME must be 1 to 64 letters, digits, dots, dashes or underscores/);
  });

  it("writes the demo into the embedded database by default, into PostgreSQL only when asked", () => {
    const databaseUrl = "postgres://app@db:5432/helpers";
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: databaseUrl }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: databaseUrl, SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("warns at start when PUBLIC_URL is https:// and TRUST_PROXY is unset", () => {
    const warned = startWarnings(loadConfig({ PUBLIC_URL: "https://directhelpers.sg" }));
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatch(/^PUBLIC_URL is https:\/\/ but TRUST_PROXY is unset: .* Set TRUST_PROXY/);
    expect(startWarnings(loadConfig({ PUBLIC_URL: "https://directhelpers.sg", TRUST_PROXY: "1" }))).toEqual([]);
    expect(startWarnings(loadConfig({ PUBLIC_URL: "http://localhost:3000" }))).toEqual([]);
  });

  it("takes a web push key pair whole, or keeps one of its own in the data folder", () => {
    const pair = newVapidKeys();
    expect(refusal({ VAPID_PUBLIC_KEY: pair.publicKey })).toMatch(/^VAPID_PRIVATE_KEY must be set too/);
    expect(refusal({ VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: pair.privateKey })).toMatch(
      /^VAPID_PUBLIC_KEY must be a P-256 public key/,
    );
    expect(refusal({ VAPID_SUBJECT: "http://example.com" })).toMatch(/^VAPID_SUBJECT must be a mailto: address or an https:\/\/ address/);
    expect(refusal({ VAPID_PRIVATE_KEY: "x".repeat(43), VAPID_PUBLIC_KEY: pair.publicKey.replace(/.$/, "!") })).not.toContain(
      "x".repeat(43),
    );
    const configured = loadConfig({
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      SUPPORT_EMAIL: "ops@example.com",
    });
    expect(resolveVapidKeys(configured)).toEqual(pair);
    expect(configured.vapid.subject).toBe("mailto:ops@example.com");

    const dataDir = mkdtempSync(path.join(os.tmpdir(), "dh-vapid-"));
    try {
      const kept = resolveVapidKeys(loadConfig({ DATA_DIR: dataDir }));
      expect(kept.publicKey).toMatch(/^B[\w-]{86}$/);
      expect(resolveVapidKeys(loadConfig({ DATA_DIR: dataDir }))).toEqual(kept);
      expect(statSync(path.join(dataDir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const warned = startWarnings(loadConfig({ DATABASE_URL: "postgres://db/site" }));
    expect(warned.some((line) => line.startsWith("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are unset on PostgreSQL"))).toBe(true);
  });

  it("treats an empty variable as unset", () => {
    const config = loadConfig({ PORT: "", HOST: " ", SITE_NAME: "", CONTACT_PHONE: "", LOG_LEVEL: "", NODE_ENV: "" });
    expect(config).toMatchObject({ port: 3000, host: "localhost", siteName: "Direct Helpers", logLevel: "info" });
    expect(config.contactPhone).toBe("6580000000");
  });

  it("serves hot-reloaded pages only in development", () => {
    expect(loadConfig({ DEV_SERVER: "vite" }).viteDevServer).toBe(true);
    expect(loadConfig({ DEV_SERVER: "vite", NODE_ENV: "production" }).viteDevServer).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, 'PORT must be a port number (0-65535) (got "abc")'],
    [{ PORT: "-1" }, "PORT must be a port number"],
    [{ PORT: "3000.5" }, "PORT must be a port number"],
    [{ PORT: "70000" }, "PORT must be between 0 and 65535"],
    [{ NODE_ENV: "prod" }, 'NODE_ENV must be one of development, production, test (got "prod")'],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent"],
    [{ PUBLIC_URL: "directhelpers.sg" }, "PUBLIC_URL must be a URL starting with http:// or https://"],
    [{ DATABASE_URL: "mysql://db/helpers" }, "DATABASE_URL must be a URL starting with postgres://"],
    [{ REDIS_URL: "localhost:6379" }, "REDIS_URL must be a URL starting with redis://"],
    [{ S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT must be a URL"],
    [{ S3_BUCKET: "media" }, "S3_ACCESS_KEY_ID must be set too"],
    [{ S3_BUCKET: "media", S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY must be set too"],
    [{ S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "s" }, "S3_BUCKET must be set too"],
    [{ S3_FORCE_PATH_STYLE: "maybe" }, "S3_FORCE_PATH_STYLE must be true or false"],
    [{ SMTP_URL: "mail.example.com" }, "SMTP_URL must be a URL starting with smtp:// or smtps://"],
    [{ SMTP_URL: "smtp://mail:25" }, "SUPPORT_EMAIL must be set when SMTP_URL is set"],
    [{ SUPPORT_EMAIL: "support" }, "SUPPORT_EMAIL must be an e-mail address"],
    [{ TELEGRAM_BOT_TOKEN: "123:abc" }, "TELEGRAM_CHAT_ID must be set too"],
    [{ TELEGRAM_CHAT_ID: "-100" }, "TELEGRAM_BOT_TOKEN must be set too"],
    [{ CONTACT_PHONE: "9123 4567" }, "CONTACT_PHONE must be a phone number in international form"],
    [{ TELEGRAM_BOT: "@bot!" }, "TELEGRAM_BOT must be a Telegram bot user name"],
    [{ CONTACT_ROUTE: "agency" }, "CONTACT_ROUTE must be one of supplier, site"],
    [{ WEBCHAT_URL: "chat" }, "WEBCHAT_URL must be a URL starting with http:// or https://"],
    [{ META_PIXEL_ID: "pixel" }, "META_PIXEL_ID must be the pixel's numeric id"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET must be at least 32 characters"],
    [{ SEED_DEMO: "sometimes" }, "SEED_DEMO must be true or false"],
    [{ DEV_SERVER: "webpack" }, "DEV_SERVER must be one of vite"],
    [{ TRUST_PROXY: "the load balancer" }, "TRUST_PROXY must be false, a number of proxy hops"],
  ])("refuses %j in one line naming the variable", (env, expected) => {
    const message = refusal(env);
    expect(message.startsWith(`${expected.split(" ")[0]} `)).toBe(true);
    expect(message).toContain(expected);
  });

  it("never repeats a secret, and masks passwords inside URLs", () => {
    expect(refusal({ AUTH_SECRET: "tiny-secret" })).not.toContain("tiny-secret");
    expect(refusal({ DATABASE_URL: "mysql://app:hunter2@db/helpers" })).not.toContain("hunter2");
    expect(refusal({ SMTP_URL: "http://user:hunter2@mail" })).not.toContain("hunter2");
  });

  it("shows the browser only what it needs", () => {
    const shown = publicConfig(loadConfig({ AUTH_SECRET: "b".repeat(40), DATABASE_URL: "postgres://app:pw@db/x", META_PIXEL_ID: "12345" }));
    expect(Object.keys(shown).sort()).toEqual(
      ["contactPhone", "contactRoute", "metaPixelId", "publicUrl", "siteName", "telegramBot", "webchatUrl"].sort(),
    );
    expect(JSON.stringify(shown)).not.toContain("pw@");
  });

  it("stops on a data folder that is a file", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "dh-config-"));
    const file = path.join(dir, "not-a-folder");
    writeFileSync(file, "");
    expect(() => prepareDataDir(loadConfig({ DATA_DIR: file }))).toThrow(
      /^DATA_DIR must be a folder this process can write to .*a file is in the way/,
    );
    expect(() => prepareDataDir(loadConfig({ DATA_DIR: path.join(dir, "new", "data") }))).not.toThrow();
  });
});
