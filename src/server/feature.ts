/**
 * What a feature that plugs in by itself declares (its index.ts exports one), and what the site
 * gives it: the database, a logger and the few settings it names; other features' services
 * when it asks for them by type. The composition root lists such features in features.ts, one
 * line each (docs/decisions/095-adding-a-feature.md).
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "./config";
import type { Database } from "./db/connect";

/** The settings a plugged feature may read (no secrets). */
export type FeatureSettings = Pick<Config, "contactRoute" | "contactPhone" | "telegramBot">;

export interface FeatureGround {
  db: Database;
  log: { warn(details: object, message: string): void; error(details: object, message: string): void };
  settings: FeatureSettings;
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

/** What the site gives a feature's routes besides its service. */
export interface FeatureRouteOptions<Service> {
  service: Service;
  /** The lead the request's visitor cookie names, while that lead exists (null: none, or not the site's cookie). */
  visitorLead(cookieHeader: string | undefined): Promise<string | null>;
}

export interface Feature<Name extends string, Service, Needs extends object> {
  /** The key of its service among the services (`services.<name>`). */
  name: Name;
  /** Its service, from the ground and the other services it needs (given by the composition root). */
  service(ground: FeatureGround & Needs): Service;
  /** Its JSON routes, registered with its own service, and the tag they carry in the API's document. */
  api?(app: FastifyInstance, options: FeatureRouteOptions<Service>): Promise<void>;
  tag?: { name: string; description: string };
  /** Periodic work a serving instance runs (main.ts starts it after listening); returns its stop. */
  background?(
    service: Service,
    log: { info(details: object, message: string): void; error(details: object, message: string): void },
  ): () => void;
}

/** Declares a feature; the types of its name, service and needs are kept for the composition root. */
export function defineFeature<const Name extends string, Service, Needs extends object = object>(
  feature: Feature<Name, Service, Needs>,
): Feature<Name, Service, Needs> {
  return feature;
}
