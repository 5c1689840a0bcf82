/**
 * The outbox's push channel: a notice goes to every browser its owner turned notices on in,
 * encrypted for each (aes128gcm) and signed with the site's VAPID key by web-push, and posted
 * from the outbox worker, never from a request, with a timeout, so a push service that is down
 * or slow holds up no page. A browser the push service says is gone (404, 410) is forgotten.
 */
import { and, eq, inArray } from "drizzle-orm";
import webpush from "web-push";
import type { Database } from "../../../server/db/connect";
import type { Deliver, PushOwner } from "../../notifications";
import { endpointProblem, leadsInside, type EndpointRules } from "./endpoint";
import { pushSubscriptions, type PushSubscriptionRow } from "./tables";

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export interface PushSending extends EndpointRules {
  /** How long one push service may take to answer. */
  timeoutMs: number;
}

/** A day: a phone that is off longer gets the notice late rather than never, then not at all. */
const TTL_SECONDS = 24 * 60 * 60;

/** What the site's service worker reads from a push (public/sw.js). */
export interface PushNotice {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

export function ownerCondition(owner: PushOwner) {
  return "family" in owner ? eq(pushSubscriptions.familyId, owner.family) : eq(pushSubscriptions.accountId, owner.account);
}

type Outcome = "sent" | "gone" | { failed: string };

async function post(row: PushSubscriptionRow, payload: string, vapid: Vapid, sending: PushSending, signal: AbortSignal): Promise<Outcome> {
  // Kept subscriptions were checked when made; checked again in case the rules changed since.
  if (endpointProblem(row.endpoint, sending)) return "gone";
  if (!sending.allowLoopback && (await leadsInside(new URL(row.endpoint).hostname))) return "gone";
  const request = webpush.generateRequestDetails({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, payload, {
    vapidDetails: vapid,
    TTL: TTL_SECONDS,
  });
  let response: Response;
  try {
    response = await fetch(request.endpoint, {
      method: request.method,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.any([signal, AbortSignal.timeout(sending.timeoutMs)]),
      // A push service answers where it was asked; a redirect leads somewhere nobody checked.
      redirect: "error",
    });
  } catch (error) {
    // fetch says only "fetch failed": its cause names what went wrong (ECONNREFUSED, a certificate).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${sending.timeoutMs} ms` : cause;
    return { failed: `${new URL(row.endpoint).host}: ${reason}` };
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.ok) return "sent";
  if (response.status === 404 || response.status === 410) return "gone";
  return { failed: `${new URL(row.endpoint).host} answered ${response.status}` };
}

export function pushChannel(db: Database, vapid: Vapid, sending: PushSending): Deliver {
  return async (message, context) => {
    const owner = message.to === "support" ? undefined : message.to.push;
    if (!owner) throw new Error("The message names no browsers to push to");
    const rows = await db.select().from(pushSubscriptions).where(ownerCondition(owner));
    // Turned off since it was queued: nobody to tell.
    if (rows.length === 0) return;
    const notice: PushNotice = {
      ...{ title: message.subject, body: message.pushText ?? message.text, url: message.url ?? "/" },
      ...(message.tag ? { tag: message.tag } : {}),
    };
    const payload = JSON.stringify(notice);
    const outcomes = await Promise.all(rows.map((row) => post(row, payload, vapid, sending, context.signal)));
    const gone = rows.filter((_, i) => outcomes[i] === "gone").map((row) => row.id);
    if (gone.length > 0) await db.delete(pushSubscriptions).where(and(inArray(pushSubscriptions.id, gone), ownerCondition(owner)));
    const failures = outcomes.flatMap((outcome) => (typeof outcome === "object" ? [outcome.failed] : []));
    // Tried again only when no browser took it: a second notice with the same tag replaces the first anyway.
    if (failures.length > 0 && !outcomes.includes("sent")) throw new Error(`Web push failed: ${failures.join("; ")}`);
  };
}
