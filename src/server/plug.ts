/**
 * Features at work: what the composition root does with its list of features (feature.ts), the
 * same for every one, so the root stays a list. Services are made in the list's order, each
 * given the ground and the services before it; routes, listeners, background work and closing
 * follow the same list.
 */
import type { FastifyInstance } from "fastify";
import type { SweepLog } from "./daily-sweep";
import type { EventFeed, SiteEvent } from "./events";
import type { Feature, FeatureLog, FeatureRouteOptions, Listening } from "./feature";

/** A feature seen without its own types (each is given its own service by name). */
export type AnyFeature = Feature<string, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The services of `Features`, by name. */
export type ServicesOf<Features extends readonly AnyFeature[]> = {
  [F in Features[number] as F["name"]]: ReturnType<F["service"]>;
};

type Services = Record<string, unknown>;

export function makeServices<Features extends readonly AnyFeature[]>(features: Features, ground: object): ServicesOf<Features> {
  const made: Services = {};
  for (const feature of features) made[feature.name] = feature.service({ ...ground, ...made });
  return made as ServicesOf<Features>;
}

export async function registerFeatureRoutes(
  app: FastifyInstance,
  features: readonly AnyFeature[],
  services: object,
  options: Omit<FeatureRouteOptions<unknown>, "service">,
): Promise<void> {
  for (const feature of features) {
    if (feature.api) await app.register(feature.api, { ...options, service: (services as Services)[feature.name] });
  }
}

/** The tags of the features' routes in the API's document. */
export const featureTags = (features: readonly AnyFeature[]) => features.flatMap((feature) => (feature.tag ? [feature.tag] : []));

/** What each feature listens to, by event name. */
function listeningOf(features: readonly AnyFeature[], services: object): Map<string, Listening[]> {
  const byName = new Map<string, Listening[]>();
  for (const feature of features) {
    for (const listening of feature.listens?.((services as Services)[feature.name]) ?? []) {
      byName.set(listening.event.name, [...(byName.get(listening.event.name) ?? []), listening]);
    }
  }
  return byName;
}

/**
 * An event an instance gathers for a while before its listeners hear of it (decision 083): it is
 * `add`ed as the feed delivers it, and hands what it gathered to the function it is `connect`ed to.
 */
export interface Gathering<Payload> {
  event: SiteEvent<Payload>;
  add(payload: Payload): void;
  connect(deliver: (payload: Payload) => Promise<void>): void;
  /** Hands over what is gathered now and stops waiting (on close). */
  close(): void;
}

/**
 * Hands every event the feed delivers to the features that listen to it. An event named in
 * `gathered` is given to its gatherer instead, which hands on what it gathered.
 * A listener's failure is logged, never thrown at whoever delivered. `watch` follows the feed
 * (every instance's events); `close` hands over what is gathered and waits for the deliveries
 * under way, before the database they use closes.
 */
export function connectListeners(
  feed: EventFeed,
  features: readonly AnyFeature[],
  services: object,
  log: { error(details: object, message: string): void },
  gathered: Gathering<any>[] = [], // eslint-disable-line @typescript-eslint/no-explicit-any
) {
  const listening = listeningOf(features, services);
  const underWay = new Set<Promise<void>>();
  function deliver<Payload>(event: SiteEvent<Payload>, payload: Payload): Promise<void> {
    const failed = (error: unknown) => log.error({ err: error, event: event.name }, "an event's listener failed");
    // Each listener starts now (a cache it drops is dropped before `deliver` returns).
    const started = (listening.get(event.name) ?? []).map(async (listener) => {
      try {
        await listener.handle(payload);
      } catch (error) {
        failed(error);
      }
    });
    const done = Promise.all(started).then(() => undefined);
    underWay.add(done);
    void done.finally(() => underWay.delete(done));
    return done;
  }
  for (const gatherer of gathered) gatherer.connect((payload) => deliver(gatherer.event, payload));
  const gatherers = new Map(gathered.map((gatherer) => [gatherer.event.name, gatherer]));
  for (const [name, listeners] of listening) {
    const event = listeners[0]!.event;
    const gatherer = gatherers.get(name);
    feed.on(name, (raw) => (gatherer ? gatherer.add(event.parse(raw)) : deliver(event, event.parse(raw))));
  }
  for (const [name, gatherer] of gatherers) if (!listening.has(name)) feed.on(name, (raw) => gatherer.add(gatherer.event.parse(raw)));
  async function close(): Promise<void> {
    for (const gatherer of gathered) gatherer.close();
    while (underWay.size > 0) await Promise.all(underWay);
  }
  return {
    close,
    /** Follows the events of every instance sharing the database; the function returned stops. */
    async watch(pruning?: SweepLog): Promise<() => Promise<void>> {
      const stop = await feed.start(pruning);
      return async () => {
        await stop();
        await close();
      };
    },
  };
}

/** Starts every feature's background work; the function returned stops it all. */
export function startFeatures(
  features: readonly AnyFeature[],
  services: object,
  log: FeatureLog & { child(bindings: object): FeatureLog },
): () => Promise<void> {
  const stops = features.flatMap((feature) =>
    feature.background ? [feature.background((services as Services)[feature.name], log.child({ module: feature.name }))] : [],
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/** Ends the work features started after an answer (the app is closing). */
export async function closeFeatures(features: readonly AnyFeature[], services: object): Promise<void> {
  await Promise.all(features.map((feature) => feature.close?.((services as Services)[feature.name])));
}

/** Every feature's tables of personal data, and the ground's rate limits (their keys name numbers and addresses). */
export const personalTables = (features: readonly AnyFeature[]) => [
  "rate_limit",
  ...features.flatMap((feature) => feature.personalTables ?? []),
];
