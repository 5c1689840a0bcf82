/**
 * What a feature that plugs in by itself declares (its index.ts exports one), and what the site
 * gives it: the database, a logger and the few settings it names; other features' services
 * when it asks for them by type. The composition root lists such features in features.ts, one
 * line each (docs/decisions/095-adding-a-feature.md).
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/connect";
import type { SiteEvent } from "./events";

/** The settings a plugged feature may read (no secrets). */
export type FeatureSettings = Pick<
  Config,
  "contactRoute" | "contactPhone" | "telegramBot" | "pdf" | "listingChangeWindowMs" | "prepareAhead"
>;

export const featureSettings = ({
  contactRoute,
  contactPhone,
  telegramBot,
  pdf,
  listingChangeWindowMs,
  prepareAhead,
}: Config): FeatureSettings => ({
  ...{ contactRoute, contactPhone, telegramBot, pdf, listingChangeWindowMs, prepareAhead },
});

export interface FeatureGround {
  db: Database;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  settings: FeatureSettings;
  /**
   * Delivers here, once it resolves, the events this instance's writes announced (a writer awaits
   * it after its commit, so its next page shows the change; other instances hear of it on their own).
   */
  announced(): Promise<void>;
  /** NOTIFYs on `channel` from this and every other instance on the database (DatabaseHandle.listen). */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** After deleting personal data: the embedded database rewrites its tables without the deleted rows (decision 154). */
  compactPersonalData?: () => Promise<void>;
  /** A key of the site's (from AUTH_SECRET) for what is kept only as a keyed hash: a blocked number. */
  hashKey: string;
  /** What a feature's messages say of the site, and which outbox channels are set up. */
  site: { name: string; publicUrl: string; channels: { email: boolean; telegram: boolean } };
  /** The site's Telegram bot, when one is configured (its token stays inside; the notifications feature makes it). */
  telegram?: {
    webhookSecret: string;
    username(): Promise<string | null>;
    registerWebhook(url: string): Promise<void>;
  };
}

export interface FeatureLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What the site gives a feature's routes besides its service. */
export interface FeatureRouteOptions<Service> {
  service: Service;
  /** The lead the request's visitor cookie names, while that lead exists (null: none, or not the site's cookie). */
  visitorLead(cookieHeader: string | undefined): Promise<string | null>;
  /** What the site's page routes declare for crawlers; none when the site serves no pages (an API-only test). */
  pagePolicies?: () => Promise<{ sitemapPaths: readonly string[]; disallowedPaths: readonly string[] }>;
}

/** One event a feature listens to, and what it does with it (`on`). */
export interface Listening {
  event: SiteEvent<unknown>;
  handle(payload: unknown): void | Promise<void>;
}

/**
 * Listens to `event`: `handle` runs on every instance for every such event, at least once, so it
 * must bear a second delivery (drop a cache, prepare a file again, send only what the outbox has
 * not sent).
 */
export function on<Payload>(event: SiteEvent<Payload>, handle: (payload: Payload) => void | Promise<void>): Listening {
  return { event: event as SiteEvent<unknown>, handle: handle as Listening["handle"] };
}

export interface Feature<Name extends string, Service, Needs extends object> {
  /** The key of its service among the services (`services.<name>`). */
  name: Name;
  /** Its service, from the ground and the other services it needs (given by the composition root). */
  service(ground: FeatureGround & Needs): Service;
  /** Its JSON routes, registered with its own service, and the tag they carry in the API's document. */
  api?(app: FastifyInstance, options: FeatureRouteOptions<Service>): Promise<void>;
  tag?: { name: string; description: string };
  /**
   * Its tables that hold a family's or a supplier's personal data: the embedded database rewrites
   * them after a withdrawal and the retention sweeps, so deleted rows stay in none of its files
   * (decision 154).
   */
  personalTables?: readonly string[];
  /** The events it announces (its tables' triggers or its writes), for the reader of the code and the docs. */
  announces?: readonly SiteEvent<unknown>[];
  /** The events it listens to, each with what its service does with one. */
  listens?(service: Service): readonly Listening[];
  /** Work a serving instance runs on its own (started once it listens); returns its stop. */
  background?(service: Service, log: FeatureLog): () => void | Promise<void>;
  /** Ends the work it started after an answer (a PDF being made) as the app closes, before the database does. */
  close?(service: Service): Promise<void>;
}

/** Declares a feature; the types of its name, service and needs are kept for the composition root. */
export function defineFeature<const Name extends string, Service, Needs extends object = object>(
  feature: Feature<Name, Service, Needs>,
): Feature<Name, Service, Needs> {
  return feature;
}
