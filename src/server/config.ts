/**
 * Configuration: the environment, read once and checked at start. A bad value stops the start
 * with one line naming the variable and what is wrong with it.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { accessSync, constants, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { describeSharedFolder, folderWritableByOthers, makePrivate, PRIVATE_FOLDER } from "./ops/private-data-dir";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const url = (protocols: string[], hint: string) =>
  optionalText.refine(
    (value) => {
      if (value === undefined) return true;
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${hint}` },
  );

const booleanText = optionalText.refine(
  (value) => value === undefined || ["true", "false", "1", "0", "yes", "no"].includes(value.toLowerCase()),
  { message: "must be true or false" },
);

/** An empty variable counts as unset, so `FOO=` in a compose file means "the default". */
const orDefault = <T extends z.ZodType<string | undefined>>(schema: T, fallback: string) => schema.transform((value) => value ?? fallback);

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(values, { message: `must be one of ${values.filter(Boolean).join(", ")}` }).optional(),
  );

const envSchema = z
  .object({
    NODE_ENV: oneOf(["development", "production", "test"]).transform((v) => v ?? "development"),
    PORT: optionalText
      .refine((v) => v === undefined || /^\d+$/.test(v), { message: "must be a port number (0-65535)" })
      .transform((v) => (v === undefined ? 3000 : Number(v)))
      .refine((v) => v <= 65535, { message: "must be between 0 and 65535" }),
    HOST: orDefault(optionalText, "localhost"),
    // Named in every answer's x-served-by header, so a proxy's logs and a client can tell the instances apart.
    INSTANCE_NAME: optionalText.refine((v) => v === undefined || /^[\w.-]{1,64}$/.test(v), {
      message: "must be 1 to 64 letters, digits, dots, dashes or underscores",
    }),
    PUBLIC_URL: url(["http:", "https:"], "http:// or https://"),
    DATA_DIR: orDefault(optionalText, "./data"),
    DATABASE_URL: url(["postgres:", "postgresql:"], "postgres://"),
    REDIS_URL: url(["redis:", "rediss:"], "redis://"),
    LOG_LEVEL: oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).transform((v) => v ?? "info"),
    // Off by default: a client could otherwise claim any address in X-Forwarded-For and slip
    // past every per-address limit. `true` is refused for the same reason: it believes the
    // left-most address, which the client writes. Behind a proxy: the hops or their addresses.
    TRUST_PROXY: optionalText
      .refine((v) => v?.toLowerCase() !== "true", {
        message:
          "must be the number of proxy hops in front of the site (e.g. 1) or the proxies' addresses, not true: true believes any address a client writes in X-Forwarded-For",
      })
      .refine((v) => v === undefined || /^(false|\d{1,2}|[0-9a-fA-F.:/,\s]+)$/.test(v), {
        message: "must be false, a number of proxy hops, or the proxies' addresses separated by commas",
      }),

    S3_ENDPOINT: url(["http:", "https:"], "http:// or https://"),
    S3_BUCKET: optionalText,
    S3_REGION: orDefault(optionalText, "us-east-1"),
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: booleanText,

    SMTP_URL: url(["smtp:", "smtps:"], "smtp:// or smtps://"),
    SUPPORT_EMAIL: optionalText.refine((v) => v === undefined || z.email().safeParse(v).success, {
      message: "must be an e-mail address",
    }),
    MAIL_FROM: optionalText,
    TELEGRAM_BOT_TOKEN: optionalText,
    TELEGRAM_CHAT_ID: optionalText,
    TELEGRAM_API_URL: orDefault(url(["http:", "https:"], "http:// or https://"), "https://api.telegram.org"),

    CONTACT_PHONE: orDefault(
      optionalText.refine((v) => v === undefined || /^\+?\d{8,15}$/.test(v), {
        message: "must be a phone number in international form, digits only (e.g. 6591234567)",
      }),
      "6580000000",
    ),
    TELEGRAM_BOT: optionalText.refine((v) => v === undefined || /^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(v), {
      message: "must be a Telegram bot user name (letters, digits, underscores)",
    }),
    WEBCHAT_URL: url(["http:", "https:"], "http:// or https://"),
    /**
     * Where the contact buttons go: `supplier` (the helper's supplier's WhatsApp and Telegram),
     * or `site` (CONTACT_PHONE and TELEGRAM_BOT, for a site that brokers every contact).
     */
    CONTACT_ROUTE: oneOf(["supplier", "site"]).transform((v) => v ?? "supplier"),
    META_PIXEL_ID: optionalText.refine((v) => v === undefined || /^\d{5,20}$/.test(v), {
      message: "must be the pixel's numeric id",
    }),
    SITE_NAME: orDefault(optionalText, "Direct Helpers"),
    /** Bearer token for GET /metrics; unset, /metrics does not answer. */
    METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, { message: "must be at least 16 characters" }),
    /** Memory for rendered public pages, in MiB (0: render every request). */
    PAGE_CACHE_MB: optionalText
      .refine((v) => v === undefined || /^\d{1,5}$/.test(v), { message: "must be a whole number of MiB (0 turns the cache off)" })
      .transform((v) => (v === undefined ? 64 : Number(v))),
    /**
     * Worker threads laying out biodata PDFs (0: on the main thread, which then stalls every
     * other request while a PDF is made). By default one core is left to the main thread.
     */
    PDF_WORKERS: optionalText
      .refine((v) => v === undefined || /^\d{1,2}$/.test(v), {
        message: "must be a whole number of worker threads (0 makes PDFs on the main thread)",
      })
      .transform((v) => (v === undefined ? Math.max(1, Math.min(4, os.availableParallelism() - 1)) : Number(v))),
    /** PDFs that may wait for a worker; past this a PDF request is answered 503 with Retry-After. */
    PDF_QUEUE: optionalText
      .refine((v) => v === undefined || (/^\d{1,4}$/.test(v) && Number(v) >= 1), { message: "must be a whole number of PDFs, at least 1" })
      .transform((v) => (v === undefined ? 16 : Number(v))),
    /** Seconds a PDF worker with nothing to do waits for another PDF before it stops and gives its memory back. */
    PDF_IDLE_SECONDS: optionalText
      .refine((v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) >= 1), {
        message: "must be a whole number of seconds, at least 1",
      })
      .transform((v) => (v === undefined ? 60 : Number(v))),
    /**
     * Whether a changed biodata's PDFs and link preview are made before anyone asks (the default),
     * or at their first request: a small machine short of memory, and the tests, which write many
     * biodata and read few PDFs, turn it off.
     */
    PREPARE_AHEAD: booleanText,
    /**
     * How long changes to the listing are gathered before each instance drops its pages and
     * rebuilds its search index, once for the lot (decision 083); 0 acts on each at once.
     */
    LISTING_CHANGE_WINDOW_MS: optionalText
      .refine((v) => v === undefined || (/^\d{1,5}$/.test(v) && Number(v) <= 60_000), {
        message: "must be a whole number of milliseconds, at most 60000",
      })
      .transform((v) => (v === undefined ? 1000 : Number(v))),
    /** Demo helpers and suppliers written into an empty database at start (default: on the embedded one only). */
    SEED_DEMO: booleanText,
    /** Where `npm run build` put the pages (a second build may live elsewhere). */
    BUILD_DIR: orDefault(optionalText, "build"),
    /** `vite`: pages are served from the sources with hot reload (npm run dev). */
    DEV_SERVER: oneOf(["vite"]),
    AUTH_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
      message: "must be at least 32 characters",
    }),
    /** The web push key pair (VAPID): the same on every instance, so each can send to every browser. */
    VAPID_PUBLIC_KEY: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9_-]{87}$/.test(v), {
      message: "must be a P-256 public key, uncompressed, in base64url (87 characters, as `npx web-push generate-vapid-keys` prints it)",
    }),
    VAPID_PRIVATE_KEY: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v), {
      message: "must be a P-256 private key in base64url (43 characters, as `npx web-push generate-vapid-keys` prints it)",
    }),
    /** Who push services may write to about the site's notices. */
    VAPID_SUBJECT: optionalText.refine((v) => v === undefined || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v), {
      message: "must be a mailto: address or an https:// address",
    }),
  })
  .superRefine((env, ctx) => {
    const s3 = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    if (s3.some(Boolean) && !s3.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_BUCKET ? (env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID") : "S3_BUCKET"],
        message: "must be set too: object storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      });
    }
    if (Boolean(env.TELEGRAM_BOT_TOKEN) !== Boolean(env.TELEGRAM_CHAT_ID)) {
      ctx.addIssue({
        code: "custom",
        path: [env.TELEGRAM_BOT_TOKEN ? "TELEGRAM_CHAT_ID" : "TELEGRAM_BOT_TOKEN"],
        message: "must be set too: Telegram notifications need both TELEGRAM_BOT_TOKEN and TELEGRAM_CHAT_ID",
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
        message: "must be set too: web push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or neither, for a pair kept in DATA_DIR)",
      });
    }
    if (env.SMTP_URL && !env.SUPPORT_EMAIL) {
      ctx.addIssue({ code: "custom", path: ["SUPPORT_EMAIL"], message: "must be set when SMTP_URL is set" });
    }
  });

/** Secrets are never echoed; passwords inside URLs are masked. */
const SECRET_VARIABLES = new Set([
  "AUTH_SECRET",
  "METRICS_TOKEN",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "TELEGRAM_BOT_TOKEN",
  "VAPID_PRIVATE_KEY",
]);

function shownValue(variable: string, raw: string | undefined): string {
  if (raw === undefined || raw.trim() === "") return "";
  if (SECRET_VARIABLES.has(variable)) return " (value hidden)";
  const masked = raw.replace(/\/\/([^/@:]*):[^/@]*@/, "//$1:***@").replace(/[\r\n]+/g, " ");
  return ` (got "${masked.length > 60 ? `${masked.slice(0, 57)}...` : masked}")`;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function parseBoolean(value: string | undefined): boolean | undefined {
  return value === undefined ? undefined : ["true", "1", "yes"].includes(value.toLowerCase());
}

/**
 * false; a number of hops: the client is that many addresses from the right, counting the
 * connecting proxy as the first (a function, because Fastify reads a bare number as "trust
 * nothing"); or the proxies' addresses: the client is the right-most address not among them.
 */
function parseTrustProxy(value: string | undefined): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === undefined || value === "false" || /^0+$/.test(value)) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean);
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const variable = String(issue.path[0] ?? "environment");
    const shown = shownValue(variable, env[variable]);
    throw new ConfigError(`${variable} ${issue.message}${shown}`);
  }
  const e = result.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const listenHost = e.HOST;
  const publicUrl = (e.PUBLIC_URL ?? `http://${listenHost === "0.0.0.0" ? "localhost" : listenHost}:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: listenHost,
    publicUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION ?? "us-east-1",
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: parseBoolean(e.S3_FORCE_PATH_STYLE) ?? Boolean(e.S3_ENDPOINT),
          }
        : undefined,
    mail: {
      smtpUrl: e.SMTP_URL,
      supportEmail: e.SUPPORT_EMAIL,
      from: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    },
    telegram:
      e.TELEGRAM_BOT_TOKEN && e.TELEGRAM_CHAT_ID
        ? { botToken: e.TELEGRAM_BOT_TOKEN, chatId: e.TELEGRAM_CHAT_ID, apiUrl: e.TELEGRAM_API_URL! }
        : undefined,
    contactPhone: e.CONTACT_PHONE!.replace(/^\+/, ""),
    telegramBot: e.TELEGRAM_BOT,
    webchatUrl: e.WEBCHAT_URL,
    contactRoute: e.CONTACT_ROUTE,
    metaPixelId: e.META_PIXEL_ID,
    siteName: e.SITE_NAME!,
    instanceName: e.INSTANCE_NAME ?? (e.PORT === 0 ? os.hostname() : `${os.hostname()}:${e.PORT}`),
    authSecret: e.AUTH_SECRET,
    vapid: {
      keys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      // Push services write here when a sender misbehaves: the operator's inbox, else the site.
      subject:
        e.VAPID_SUBJECT ??
        (e.SUPPORT_EMAIL
          ? `mailto:${e.SUPPORT_EMAIL}`
          : publicUrl.startsWith("https:")
            ? publicUrl
            : `mailto:no-reply@${new URL(publicUrl).hostname}`),
    },
    // A PostgreSQL server is somebody's real database: the demo goes there only when asked for.
    seedDemo: parseBoolean(e.SEED_DEMO) ?? !e.DATABASE_URL,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    pdf: { workers: e.PDF_WORKERS, queue: e.PDF_QUEUE, idleMs: e.PDF_IDLE_SECONDS * 1000 },
    listingChangeWindowMs: e.LISTING_CHANGE_WINDOW_MS,
    prepareAhead: parseBoolean(e.PREPARE_AHEAD) ?? true,
    metricsToken: e.METRICS_TOKEN,
    buildDir: e.BUILD_DIR!,
    viteDevServer: e.DEV_SERVER === "vite" && e.NODE_ENV !== "production",
  };
}

export type Config = ReturnType<typeof loadConfig>;

/** What a start that goes on should still tell whoever runs the site, one line each. */
export function startWarnings(config: Pick<Config, "publicUrl" | "trustProxy" | "databaseUrl" | "vapid">): string[] {
  const warnings: string[] = [];
  // Several instances on one database, each with a pair of its own: a browser subscribed through
  // one would refuse every notice another sends.
  if (config.databaseUrl && !config.vapid.keys)
    warnings.push(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are unset on PostgreSQL: this instance keeps a web push key pair of its own in DATA_DIR. When several instances run, set the same pair on each (npx web-push generate-vapid-keys), or notices sent by one fail for browsers that turned them on through another.",
    );
  // The site speaks plain HTTP: an https:// address means a proxy in front that ends TLS.
  if (config.publicUrl.startsWith("https:") && config.trustProxy === false)
    warnings.push(
      "PUBLIC_URL is https:// but TRUST_PROXY is unset: behind the proxy that ends TLS every visitor has the proxy's address, so rate limits count them all as one. Set TRUST_PROXY to the number of proxies in front (1 for one).",
    );
  return warnings;
}

/** What the browser may know of the configuration: an explicit allow-list. */
export function publicConfig(config: Config) {
  return {
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    contactPhone: config.contactPhone,
    telegramBot: config.telegramBot,
    webchatUrl: config.webchatUrl,
    contactRoute: config.contactRoute,
    metaPixelId: config.metaPixelId,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;

/**
 * Makes the data folder if needed and keeps it to its owner: a folder this process cannot write
 * to, or one other users can write to, stops the start; what an older version left readable by
 * others is made owner-only (decision 081). Returns how many files and folders it tightened.
 */
export function prepareDataDir(config: Config): number {
  try {
    mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_FOLDER });
    accessSync(config.dataDir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "EEXIST" || code === "ENOTDIR" ? "a file is in the way" : (code ?? String(error));
    throw new ConfigError(`DATA_DIR must be a folder this process can write to (${config.dataDir}: ${reason})`);
  }
  const shared = folderWritableByOthers(config.dataDir);
  if (shared) throw new ConfigError(`DATA_DIR ${describeSharedFolder(shared, config.dataDir)}`);
  try {
    return makePrivate(config.dataDir);
  } catch (error) {
    const failed = error as NodeJS.ErrnoException;
    throw new ConfigError(
      `DATA_DIR could not be made private to its owner (${failed.path ?? config.dataDir}: ${failed.code ?? String(error)}): run the site as the user who owns ${config.dataDir}`,
    );
  }
}

/** AUTH_SECRET when set; otherwise one generated on first start and kept in the data folder. */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_FOLDER });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** A web push key pair (VAPID), each key in base64url as browsers and push services read it. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise a pair made on first start and kept
 * in the data folder, as the auth secret is. A browser's subscription is tied to the public key,
 * so the pair must outlive restarts (and be set alike on every instance when several run).
 */
export function resolveVapidKeys(config: Config): VapidKeys {
  if (config.vapid.keys) return config.vapid.keys;
  const file = path.join(config.dataDir, "vapid-keys.json");
  try {
    const kept = JSON.parse(readFileSync(file, "utf8")) as Partial<VapidKeys>;
    if (typeof kept.publicKey === "string" && typeof kept.privateKey === "string")
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && !(error instanceof SyntaxError)) throw error;
  }
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_FOLDER });
  const keys = newVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  return keys;
}

/** A new P-256 pair: the public key uncompressed (0x04, x, y), the private key its 32-byte scalar. */
export function newVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  return { publicKey: Buffer.concat([Buffer.from([4]), x, y]).toString("base64url"), privateKey: jwk.d! };
}
