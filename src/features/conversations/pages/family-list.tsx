import { useEffect } from "react";
import { data, Link, useRevalidator } from "react-router";
import QRCode from "qrcode";
import { pagePolicy } from "../../../shared/page-policy";
import { currentVisitor } from "../../../ui/page-guards.server";
import { siteName } from "../../../ui/meta";
import { paths } from "../../../ui/paths";
import { ConversationList } from "../components/conversation-list";
import { PushNotices } from "../../push/components/push-notices";
import { followInbox } from "../components/inbox-live";
import { SpaceAccess, SpaceSignIn, type SpaceAnswer } from "../components/space-access";
import { SpaceShortlist } from "../components/space-shortlist";
import { SpaceSearches } from "../../alerts/components/space-searches";
import { SpaceJobs, spaceJobsNote } from "../../jobs/components/space-jobs";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { localHref } from "../../../shared/i18n/page-locale";
import { credentials, formRefusal, keyCookie, retryAfterHeaders } from "./refusals.server";
import type { Route } from "./+types/family-list";

export const policy = pagePolicy.personal({ noCrawl: true, keptOffline: true });

/** Over a limit, a refused form's answer says when to ask again. */
export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: m.conversations_space_title({ site: siteName(matches) }) },
  { name: "robots", content: "noindex" },
];

/**
 * The family's space (docs/glossary.md): its conversations, each with its last words and unread
 * count, live; its shortlist; how it opens the space on its other devices (its private link, its
 * verified e-mail, a QR code) and the devices signed in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = credentials(request, context);
  const conversations = context.services.conversations;
  const [page, account] = await Promise.all([conversations.familyPage(who.key ?? null), conversations.familyAccount(who.key ?? null)]);
  const shortlist = account ? await context.services.shortlist.ofKey(who.key ?? null) : null;
  const searches = account ? ((await context.services.alerts.ofKey(who.key ?? null)) ?? []) : [];
  // Its job posts, each with the proposals suppliers made (the jobs feature's).
  const jobs = account ? ((await context.services.jobs.ofKey(who.key ?? null)) ?? []) : [];
  const params = new URL(request.url).searchParams;
  return {
    searches,
    jobs,
    jobsNote: spaceJobsNote(params.get("jobs")),
    // Back from confirming a saved search's address, or from stopping one.
    searchNote: params.has("search-confirmed") ? m.alerts_confirmed() : params.has("search-stopped") ? m.alerts_space_stopped_done() : null,
    conversations: (page?.items ?? []).map((item) => ({ ...item, with: item.supplier.name })),
    unread: page?.unread ?? 0,
    stamp: page?.stamp ?? null,
    account: account && {
      link: account.linkKey ? `${context.config.publicUrl}${localHref(`/messages/link/${account.linkKey}`)}` : null,
      email: account.email,
      emailVerified: account.emailVerified,
      devices: account.devices,
      thisDevice: account.thisDevice,
    },
    shortlist,
    // A browser past the gate may give its e-mail (and so begin its space) before it wrote to anyone.
    pastGate: account ? true : (await currentVisitor(request, context)) !== null,
    // Back from the link that confirmed the family's e-mail.
    confirmed: new URL(request.url).searchParams.has("confirmed"),
    // The key this browser subscribes to notices with; only for a family, which has something to hear of.
    pushKey: account ? context.services.push.publicKey : null,
  };
}

/** The space's forms: revoke the link, give an e-mail, ask for a sign-in link, show a code, sign a device out. */
export async function action({ request, context }: Route.ActionArgs) {
  const who = credentials(request, context);
  const key = who.key ?? null;
  const conversations = context.services.conversations;
  const form = await request.formData();
  const intent = form.get("intent");
  const requester = context.ip;
  // A refusal names the form it answers (the page may show two e-mail fields).
  const refused = (answer: { data: object; init: ResponseInit | null }) => data({ ...answer.data, intent }, answer.init ?? undefined);
  if (intent === "email") {
    const visitor = await currentVisitor(request, context);
    const outcome = await formRefusal(async () => {
      const { family, key: fresh } = await conversations.familyFor({ visitor, key });
      await conversations.giveEmail(family, form.get("email"), requester);
      return fresh;
    });
    if (!outcome.ok) return refused(outcome.answer);
    const answer: SpaceAnswer = { done: "email-sent" };
    return Response.json(answer, outcome.value ? { headers: { "Set-Cookie": keyCookie(outcome.value, context) } } : undefined);
  }
  if (intent === "sign-in") {
    const outcome = await formRefusal(() => conversations.requestSignIn(form.get("email"), requester));
    return outcome.ok ? ({ done: "sign-in-sent" } satisfies SpaceAnswer) : refused(outcome.answer);
  }
  if (intent === "code") {
    const outcome = await formRefusal(() => conversations.signInCode(key));
    if (!outcome.ok) return outcome.answer;
    const svg = await QRCode.toString(outcome.value.url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
    return { done: "code", url: outcome.value.url, expiresAt: outcome.value.expiresAt, svg } satisfies SpaceAnswer;
  }
  if (intent === "remove-device") {
    const outcome = await formRefusal(() => conversations.removeDevice(key, form.get("device")));
    return outcome.ok ? ({ done: "device-removed" } satisfies SpaceAnswer) : outcome.answer;
  }
  // Revoking the private link: a new key for this browser; every other copy of the link stops working.
  const outcome = await formRefusal(() => conversations.revokeLink(key));
  if (!outcome.ok) return outcome.answer;
  const answer: SpaceAnswer = { done: "revoked" };
  return Response.json(answer, { headers: { "Set-Cookie": keyCookie(outcome.value, context) } });
}

export default function FamilySpace({ loaderData, actionData }: Route.ComponentProps) {
  const { conversations, unread, stamp, account, shortlist, searches, searchNote, jobs, jobsNote, pastGate, confirmed, pushKey } =
    loaderData;
  const answer = actionData as SpaceAnswer | undefined;
  // A reply, a read mark or a status from any instance reloads the list (the menu's count follows the same stream).
  const { revalidate, state: reading } = useRevalidator();
  useEffect(
    () =>
      stamp === null
        ? undefined
        : followInbox((state) => {
            if (state && state.stamp !== stamp && reading === "idle") void revalidate();
          }, "family"),
    [stamp, reading, revalidate],
  );
  return (
    <section className="conversations-page" aria-labelledby="conversations-heading" data-stamp={stamp ?? undefined}>
      <h1 id="conversations-heading">
        {unread > 0 ? m.conversations_space_heading_unread({ count: unread }) : m.conversations_space_heading()}
      </h1>
      {confirmed ? (
        <p className="form-success" role="status">
          {m.conversations_confirmed()}
        </p>
      ) : null}
      <h2>{m.conversations_list_heading()}</h2>
      <ConversationList items={conversations} empty={m.conversations_list_empty()} reader="family" />
      {account ? <SpaceJobs jobs={jobs} note={jobsNote} /> : null}
      <SpaceShortlist kept={shortlist} />
      {account ? <SpaceSearches searches={searches} note={searchNote} /> : null}
      {pushKey ? <PushNotices api="/api/messages/push" publicKey={pushKey} explained={m.push_notices_family_explained()} /> : null}
      {account ? <SpaceAccess account={account} answer={answer} /> : <SpaceSignIn answer={answer} pastGate={pastGate} />}
      <p>
        <Link to={localHref(paths.myData())}>{m.conversations_your_data()}</Link>
      </p>
    </section>
  );
}
