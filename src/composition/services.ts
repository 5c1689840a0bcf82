/**
 * The services the API routes and the page loaders share, and the only door to the data: pages
 * get this object and nothing else of the server (no database, no auth, no storage, no
 * configuration), so every read and write goes through the same checks whichever side asks.
 * Each feature's service is made by a factory from the dependencies it names, and is given only
 * the settings it uses (never a secret it does not); refusals are thrown as HttpError.
 */
import { createHmac } from "node:crypto";
import type { Auth } from "../features/accounts/server/auth";
import { accountName } from "../features/accounts";
import { createAccountService } from "../features/accounts/service";
import { createPasswordCheckLimiter, type PasswordCheckLimiter } from "../features/accounts/server/password-check-limit";
import type { Config } from "../server/config";
import type { DatabaseHandle } from "../server/db/connect";
import { createFlashStore } from "../server/http/flash-store";
import type { PageCache } from "../server/http/page-cache";
import { createOperatorService } from "../features/operator";
import {
  biodataUsesImage,
  ChangeGatherer,
  changeFromPayload,
  createHelperService,
  isShownStatus,
  ListingCache,
  type ListingChange,
  type PublicRule,
  type WriteWindow,
} from "../features/helpers";
import type { Forgetting, LeadLimits } from "../features/leads";
import type { ChatLimits } from "../features/conversations";
import type { MediaStorage } from "../features/media";
import type { PdfRenderer } from "../features/pdf";
import { configuredChannels, createTelegramBot, outboxFolder } from "../features/notifications";
import { sitemapEntries } from "../features/seo/server/sitemap";
import { createSupplierService } from "../features/suppliers";
import { createBiodataPdfs } from "../features/pdf";
import { createLinkPreviews } from "../features/seo";
import { pluggedFeatures, type PluggedServices } from "./features";
import { createFamilyLocaleSetting } from "../server/i18n/family-locale";
import { createEventFeed } from "../server/events";

export interface ServiceDeps {
  config: Config;
  database: DatabaseHandle;
  auth: Auth;
  storage: MediaStorage;
  /** Public pages kept as bytes (http/pages.ts); emptied whenever the listing changes. */
  pageCache: PageCache;
  /** Worker threads laying out biodata PDFs (pdf/pdf-pool.ts). */
  pdfRenderer: PdfRenderer;
  leadLimits?: LeadLimits;
  /** Current-password checks per account and address (sign-in has better-auth's own limits). */
  passwordChecks?: PasswordCheckLimiter;
  /** Biodata writes per account (tests raise them). */
  helperWriteLimits?: readonly WriteWindow[];
  /** Conversations' limits (tests raise some); the feature's defaults otherwise. */
  chatLimits?: Partial<ChatLimits>;
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** The site's secret (AUTH_SECRET, or the data folder's); features get keys derived from it. */
  authSecret: string;
}

/**
 * The tables that hold a family's or a supplier's personal data: the embedded database rewrites
 * them after a withdrawal and after the retention sweeps, so deleted rows stay in none of its
 * files (decision 154).
 */
const PERSONAL_TABLES = [
  "visitors",
  "outbox",
  "privacy_requests",
  "rate_limit",
  "contacts",
  "interest",
  "chat_families",
  "conversations",
  "chat_messages",
  "chat_blocks",
] as const;

/** What removing personal data takes besides deleting rows: the mails' files and the embedded database's compaction. */
export function personalDataForgetting(config: Config, database: DatabaseHandle): Forgetting {
  const { compact } = database;
  return { outboxDir: outboxFolder(config), compact: compact ? () => compact(PERSONAL_TABLES) : undefined };
}

export function createServices(deps: ServiceDeps) {
  const core = createCoreServices(deps);
  const forgetting = personalDataForgetting(deps.config, deps.database);
  const { contactRoute, contactPhone, telegramBot } = deps.config;
  const ground = {
    db: deps.database.db,
    log: deps.log ?? silent,
    settings: { contactRoute, contactPhone, telegramBot },
    listen: deps.database.listen,
    hashKey: createHmac("sha256", deps.authSecret).update("kept hashes").digest("base64url"),
    site: { name: deps.config.siteName, publicUrl: deps.config.publicUrl, channels: configuredChannels(deps.config) },
    telegram: deps.config.telegram ? createTelegramBot(deps.config.telegram) : undefined,
    chatLimits: deps.chatLimits,
    leadLimits: deps.leadLimits,
    redisUrl: deps.config.redisUrl,
    outboxDir: forgetting.outboxDir,
    storage: deps.storage,
    imageUsedElsewhere: biodataUsesImage,
    compactPersonalData: forgetting.compact,
  };
  // Made in the list's order, each given the ground, the core and the plugged services before it.
  const plugged: Record<string, unknown> = {};
  for (const feature of pluggedFeatures) plugged[feature.name] = feature.service({ ...ground, ...core, ...plugged } as never);
  return { ...core, ...(plugged as PluggedServices) };
}

const silent = { warn: () => undefined, error: () => undefined };

/** The services of the features wired here by hand (they depend on one another). */
function createCoreServices({
  config,
  database,
  auth,
  storage,
  pageCache,
  pdfRenderer,
  passwordChecks,
  helperWriteLimits,
  log,
}: ServiceDeps) {
  const { db } = database;
  const channels = configuredChannels(config);

  // Changes are gathered for a moment and acted on together (decision 083): a burst of saves
  // costs this instance one round of fresh pages and one search-index build.
  const changes = new ChangeGatherer(config.listingChangeWindowMs, (change) => {
    if (change === "everything") pageCache.invalidate();
    else pageCache.invalidateHelpers(change.helpers);
    helpers.invalidate(change);
    suppliers.invalidate();
  });
  const listingChanged = (change: ListingChange = "everything") => changes.add(change);
  // Every change the public sees is announced by the database's triggers (decision 189): this
  // instance's caches listen to the announcements, from any instance, in one place.
  const events = createEventFeed({ db, listen: database.listen, log });
  events.on("listing", (payload) => listingChanged(changeFromPayload(payload)));
  const announced = () => events.catchUp();
  // With real mail, nothing of an account is public until its e-mail is confirmed (visibility.ts).
  const rule: PublicRule = { confirmedOwnersOnly: channels.email };
  const helpers = createHelperService({
    db,
    storage,
    announced,
    searchesChanged: () => pageCache.invalidateSearches(),
    writeLimits: helperWriteLimits,
    log,
    rule,
    // A saved biodata's PDFs and link preview are made once the write has committed, before anyone
    // asks; a draft's PDFs only when its owner asks (nobody else may, and a draft is saved often).
    onWritten: (id, viewer, status) => {
      if (status && isShownStatus(status)) pdfs.prepare(id, viewer);
      previews.prepare(id);
    },
  });
  // Made from the helpers' reads, which hold the permission checks. A burst of saves of one
  // biodata makes its PDFs and preview once, as it drops pages once (the change window).
  const day = 24 * 60 * 60_000;
  const pdfs = createBiodataPdfs({
    db,
    storage,
    log,
    findHelper: helpers.findFor,
    findPrivateDetails: helpers.findPrivateDetails,
    cache: new ListingCache<Buffer>({ maxEntries: 400, ttlMs: day }),
    photos: new ListingCache<Buffer | null>({ maxEntries: 200, ttlMs: day }),
    renderer: pdfRenderer,
    settleMs: config.listingChangeWindowMs,
    siteName: config.siteName,
  });
  const previews = createLinkPreviews({
    storage,
    findHelper: (id) => helpers.find(id),
    siteName: config.siteName,
    log,
    settleMs: config.listingChangeWindowMs,
  });
  const suppliers = createSupplierService({ db, rule, helpers, announced });

  return {
    /**
     * Drops cached listings (of these helpers, or everything when none are named) now, or at the
     * end of the current window of changes: the listener of the `listing` event, and what a
     * script or a test that wrote past the triggers' notice calls itself.
     */
    listingChanged,
    /** Delivers here the events announced and not delivered yet (a writer calls it after its commit). */
    announced,
    /** The site's events: the daily pruning, and the listeners' registry. */
    events,
    /** Whether changes wait for the end of their window (tests and the benchmark wait for it). */
    listingChangesPending: () => changes.waiting,
    /** Subscribes to change notifications from every instance sharing the database. */
    watchListing: async () => {
      const stop = await events.start();
      // A serving instance has its search index ready before the first search asks.
      void helpers.searchIndex.build();
      return async () => {
        await stop();
        changes.close();
      };
    },
    /** Biodata: the public listing and page, and a supplier's own (create, change, delete). */
    helpers,
    /** The families' default language, an operator's setting (decision 114); kept pages follow it. */
    familyLocale: createFamilyLocaleSetting(db, () => pageCache.invalidate(), accountName),
    /**
     * A biodata as an A4 PDF: the public copy, the family's (past the gate: with the gated
     * details), or the owner's and operators' (with the private details too).
     */
    pdfs: { get: pdfs.get },
    /** A public biodata's link-preview JPEG, stored once per version; `sweep` removes those no public biodata shows (daily). */
    previews: { get: previews.get, sweep: previews.sweep },
    /** Waits for the PDF and preview being made in the background, and starts no more (closing). */
    stopBackgroundWork: async () => {
      await Promise.all([pdfs.stop(), previews.stop()]);
    },
    /** The signed-in supplier's own profile and avatar, and better-auth's handler for page forms. */
    accounts: createAccountService({
      mail: { siteName: config.siteName, publicUrl: config.publicUrl, channels },
      db,
      auth,
      storage,
      passwordChecks: passwordChecks ?? createPasswordCheckLimiter(db),
      imageUsedElsewhere: biodataUsesImage,
      contactPhone: config.contactPhone,
      // The user row's trigger announces it to every instance; the supplier reloading their
      // biodata here sees the new details at once, whatever the notification's delay.
      publicChanged: announced,
    }),
    /** Operator screens: failing deliveries (leads are below). */
    operator: createOperatorService({ db, helpers, announced }),
    suppliers,
    /** Confirmations after a form, kept for the account until its next page shows them once. */
    flash: createFlashStore(db),
    /** What the sitemap lists. */
    seo: { sitemapEntries: (publicPages: readonly string[]) => sitemapEntries(helpers.newestListed, publicPages) },
  };
}

export type Services = ReturnType<typeof createServices>;

// The pages' loaders see every service (the ground's page handler declares only what it uses).
declare module "../server/http/pages" {
  interface SiteServices extends Services {}
}
