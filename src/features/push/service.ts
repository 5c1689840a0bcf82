/**
 * Web push for families and accounts: turning notices on and off in a browser, which owners have
 * a browser to tell (the notices' writers ask, to choose push or mail), and the outbox's push
 * channel (server/send.ts). The family is the one whose key the request's cookie holds; the
 * account is the signed-in one: the routes say which, the service never takes an owner on trust
 * from the body.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../server/db/connect";
import type { FeatureGround } from "../../server/feature";
import { badRequest, HttpError, notFound } from "../../server/http/errors";
import { familyIdOfCookie } from "../conversations";
import type { PushOwner } from "../notifications";
import { m } from "../../shared/i18n/compiled/messages.js";
import { browserLabel } from "../../shared/user-agent";
import { endpointProblem, keyOfLength, type EndpointRules } from "./server/endpoint";
import { ownerCondition, pushChannel, type PushSending, type Vapid } from "./server/send";
import { siteManifest } from "./server/manifest";
import { pushSubscriptions } from "./server/tables";

export interface PushNeeds {
  /** The site's key pair and contact (configured, or kept in the data folder). */
  vapid: Vapid;
  /** Tests allow a push service on a loopback address and shorten the timeout; the site keeps the defaults. */
  pushSending?: Partial<PushSending>;
}

/** Browsers one owner may have notices on in; turning on one more forgets the oldest. */
export const MAX_BROWSERS = 10;
const DEFAULT_SENDING: PushSending = { allowLoopback: false, timeoutMs: 10_000 };

/** A subscription as the browser's PushSubscription.toJSON() gives it (checked for shape by the route). */
export interface SubscriptionInput {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const ownerColumns = (owner: PushOwner) => ("family" in owner ? { familyId: owner.family } : { accountId: owner.account });

export function createPushService({ db, site, vapid, pushSending }: FeatureGround & PushNeeds) {
  const sending: PushSending = { ...DEFAULT_SENDING, ...pushSending };

  function checked(input: SubscriptionInput, rules: EndpointRules): SubscriptionInput {
    const fields: Record<string, string> = {};
    const problem = endpointProblem(input.endpoint, rules);
    if (problem === "address") fields.endpoint = m.push_error_endpoint_address();
    else if (problem === "https") fields.endpoint = m.push_error_endpoint_https();
    else if (problem === "host") fields.endpoint = m.push_error_endpoint_host();
    const p256dh = keyOfLength(input.keys.p256dh, 65);
    const auth = keyOfLength(input.keys.auth, 16);
    if (
      !p256dh ||
      !Buffer.from(p256dh, "base64url")
        .subarray(0, 1)
        .equals(Buffer.from([4]))
    )
      fields["keys.p256dh"] = m.push_error_key();
    if (!auth) fields["keys.auth"] = m.push_error_key();
    if (Object.keys(fields).length > 0) throw badRequest(m.push_error_subscription(), fields);
    return { endpoint: input.endpoint, keys: { p256dh: p256dh!, auth: auth! } };
  }

  /** Owners among `ids` with at least one browser. */
  async function withBrowsers(
    executor: Executor,
    column: typeof pushSubscriptions.familyId | typeof pushSubscriptions.accountId,
    ids: readonly string[],
  ) {
    if (ids.length === 0) return new Set<string>();
    const rows = await executor
      .selectDistinct({ owner: column })
      .from(pushSubscriptions)
      .where(and(isNotNull(column), inArray(column, [...ids])));
    return new Set(rows.map((row) => row.owner!));
  }

  return {
    /** The family whose key the Cookie header holds, as the owner of its browsers' notices; 404 for none. */
    async familyOf(cookieHeader: string | undefined): Promise<PushOwner> {
      const family = await familyIdOfCookie(db, cookieHeader);
      if (!family) throw notFound(m.push_error_no_family());
      return { family };
    },
    /** The site's web app manifest. */
    manifest: () => siteManifest(site.name),
    /** The key browsers subscribe with (applicationServerKey). */
    publicKey: vapid.publicKey,
    /** The outbox's push channel (the notifications feature's worker delivers with it). */
    deliver: pushChannel(db, vapid, sending),
    /** Families among `ids` that turned notices on in some browser. */
    families: (executor: Executor, ids: readonly string[]) => withBrowsers(executor, pushSubscriptions.familyId, ids),
    /** Accounts among `ids` that turned notices on in some browser. */
    accounts: (executor: Executor, ids: readonly string[]) => withBrowsers(executor, pushSubscriptions.accountId, ids),

    /**
     * Notices on in this browser for `owner`: kept (or its keys renewed). A browser whose
     * subscription another owner holds is refused (409): the page makes a new subscription.
     */
    async turnOn(owner: PushOwner, input: SubscriptionInput, userAgent: string | undefined): Promise<void> {
      const subscription = checked(input, sending);
      const columns = ownerColumns(owner);
      const kept = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(pushSubscriptions)
          .values({ endpoint: subscription.endpoint, ...subscription.keys, ...columns, userAgent: browserLabel(userAgent) })
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: { ...subscription.keys, userAgent: browserLabel(userAgent) },
            // Only the owner's own subscription is renewed; another's stays theirs.
            setWhere: ownerCondition(owner),
          })
          .returning({ id: pushSubscriptions.id });
        if (rows.length === 0) return false;
        const mine = await tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(ownerCondition(owner))
          .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
        const oldest = mine.slice(0, Math.max(0, mine.length - MAX_BROWSERS)).map((row) => row.id);
        if (oldest.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, oldest));
        return true;
      });
      if (!kept) throw new HttpError(409, "conflict", m.push_error_taken());
    },

    /** Notices off in the browser whose endpoint this is; 404 when the owner has none there. */
    async turnOff(owner: PushOwner, endpoint: string): Promise<void> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, endpoint), ownerCondition(owner)))
        .returning({ id: pushSubscriptions.id });
      if (removed.length === 0) throw notFound(m.push_error_not_on());
    },

    /** How many browsers the owner has notices on in. */
    async browsers(owner: PushOwner): Promise<number> {
      const [row] = await db
        .select({ count: sql<number>`count(*)`.mapWith(Number) })
        .from(pushSubscriptions)
        .where(ownerCondition(owner));
      return row?.count ?? 0;
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
