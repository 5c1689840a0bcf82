/**
 * The services: every feature's (features.ts), made on the ground the site gives them, and the
 * site's own (its events, the families' language, flash messages). Pages get this object and
 * nothing else of the server, so every read and write goes through the same checks whichever
 * side asks. Each feature names what it needs besides the ground (its `Needs`); the secrets it
 * does not need it never sees.
 */
import { createHmac } from "node:crypto";
import type { Auth } from "../features/accounts/server/auth";
import type { PasswordCheckLimiter } from "../features/accounts/server/password-check-limit";
import { accountName } from "../features/accounts";
import { resolveVapidKeys, type Config } from "../server/config";
import type { DatabaseHandle } from "../server/db/connect";
import { createFlashStore } from "../server/http/flash-store";
import type { PageCache } from "../server/http/page-cache";
import { biodataUsesImage, gatherBiodataChanges, type ListingChange, type WriteWindow } from "../features/helpers";
import type { LeadLimits } from "../features/leads";
import type { ChatLimits } from "../features/conversations";
import type { MediaStorage } from "../features/media";
import { configuredChannels, createTelegramBot, outboxFolder } from "../features/notifications";
import { createFamilyLocaleSetting } from "../server/i18n/family-locale";
import { createEventFeed } from "../server/events";
import { featureSettings, type FeatureLog } from "../server/feature";
import { connectListeners, makeServices, personalTables } from "../server/plug";
import { siteFeatures } from "./features";

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  storage: MediaStorage;
  /** Public pages kept as bytes (http/pages.ts): dropped as the biodata they show change. */
  pageCache: PageCache;
  passwordChecks: PasswordCheckLimiter;
  /** Limits tests raise or lower; the features' defaults otherwise. */
  leadLimits?: LeadLimits;
  helperWriteLimits?: readonly WriteWindow[];
  chatLimits?: Partial<ChatLimits>;
  log: FeatureLog;
  /** The site's secret (AUTH_SECRET, or the data folder's); features get keys derived from it. */
  authSecret: string;
  /** Tests allow a push service on a loopback address (never the site: its pushes go to public hosts). */
  pushSending?: { allowLoopback?: boolean; timeoutMs?: number };
}

export function createServices(deps: ServiceDeps) {
  const { config, database, pageCache, log } = deps;
  const { db, compact } = database;
  const events = createEventFeed({ db, listen: database.listen, log });
  const ground = {
    ...{ db, log, settings: featureSettings(config), listen: database.listen, announced: () => events.catchUp() },
    hashKey: createHmac("sha256", deps.authSecret).update("kept hashes").digest("base64url"),
    site: { name: config.siteName, publicUrl: config.publicUrl, channels: configuredChannels(config) },
    telegram: config.telegram ? createTelegramBot(config.telegram) : undefined,
    compactPersonalData: compact ? () => compact(personalTables(siteFeatures)) : undefined,
    // What some features need besides, each named in its `Needs`.
    ...{ auth: deps.auth, passwordChecks: deps.passwordChecks, storage: deps.storage, database, deliveryConfig: config },
    ...{ leadLimits: deps.leadLimits, helperWriteLimits: deps.helperWriteLimits, chatLimits: deps.chatLimits },
    ...{ redisUrl: config.redisUrl, outboxDir: outboxFolder(config), imageUsedElsewhere: biodataUsesImage },
    searchesChanged: () => pageCache.invalidateSearches(),
    vapid: { ...resolveVapidKeys(config), subject: config.vapid.subject },
    pushSending: deps.pushSending,
  };
  const services = makeServices(siteFeatures, ground);

  // The caches follow the events, in the listeners the features declare (decision 189), after a
  // biodata change is gathered for a moment and the kept pages showing it are dropped (decision 083).
  const biodata = gatherBiodataChanges(config.listingChangeWindowMs, pageCache);
  const listening = connectListeners(events, siteFeatures, services, log, [biodata]);

  return {
    ...services,
    /** Acts on a change of the listing now or at the end of its window (a script or a test that wrote past the triggers). */
    listingChanged: (change: ListingChange = "everything") => biodata.add(change),
    /** Delivers here the events announced and not delivered yet (a writer calls it after its commit). */
    announced: ground.announced,
    /** The site's events: their daily pruning. */
    events,
    /** Whether changes wait for the end of their window (tests and the benchmark wait for it). */
    listingChangesPending: () => biodata.waiting,
    /** Follows the events of every instance sharing the database; the function returned stops. */
    watchListing: listening.watch,
    /** Hands over what is gathered and waits for the listeners under way (before the database closes). */
    closeListening: listening.close,
    /** The families' default language, an operator's setting (decision 114); kept pages follow it. */
    familyLocale: createFamilyLocaleSetting(db, () => pageCache.invalidate(), accountName),
    /** Confirmations after a form, kept for the account until its next page shows them once. */
    flash: createFlashStore(db),
  };
}

export type Services = ReturnType<typeof createServices>;

// The pages' loaders see every service (the ground's page handler declares only what it uses).
declare module "../server/http/pages" {
  interface SiteServices extends Services {}
}
