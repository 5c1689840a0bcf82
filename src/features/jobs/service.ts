/**
 * Job posts and proposals (docs/decisions/196-job-posts.md). A family past the gate says what it
 * needs; the post shows its facts and its free text, never who wrote it. Suppliers see the open
 * posts that fit their available helpers (model.ts `fits`) and propose up to three, each once;
 * the family accepts (a conversation begins, with the proposal as its first message) or
 * declines (closed quietly). Writing passes the conversations' guards: its limits and blocks,
 * invisible characters taken out, reports for operators, who hide a post with a reason.
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { FeatureGround } from "../../server/feature";
import { countInWindow } from "../../server/db/window-count";
import { badRequest, forbidden, notFound, tooManyRequests } from "../../server/http/errors";
import { retryAfterText } from "../../server/i18n/retry-after";
import { m } from "../../shared/i18n/compiled/messages.js";
import { isUuid } from "../../shared/uuid";
import { requireOperator, requireUser, type Viewer } from "../accounts";
import { leadPhone } from "../leads";
import type { JobsNeeds } from "./server/needs";
import { JOB_LIMITS, readFreeText, readJob } from "./model";
import { createProposals } from "./server/proposals";
import { noticeOfNewJob } from "./server/notices";
import { jobPosts, jobProposals } from "./server/tables";
import { jobView, liveOf, openNow, type JobView } from "./server/views";

export type { JobsNeeds };

export type JobStatusChange = "open" | "paused" | "filled";

const DAY = 86_400_000;
/** Posts one family may write a day, whatever it deletes meanwhile. */
const POSTS_PER_DAY = 10;

export interface PostInput {
  visitor: { leadId: string; name: string } | null;
  key: string | null;
  fields: Record<string, unknown>;
  /** The address it is sent from (the conversations' limits count it). */
  address?: string;
}

export function createJobsService(ground: FeatureGround & JobsNeeds) {
  const { db, conversations, log } = ground;
  const proposals = createProposals(ground);

  async function ownPost(key: string | null, jobId: unknown) {
    const familyId = await conversations.familyIdOf(key);
    if (!familyId || typeof jobId !== "string" || !isUuid(jobId)) throw notFound(m.jobs_error_no_post());
    const [row] = await db
      .select()
      .from(jobPosts)
      .where(and(eq(jobPosts.id, jobId), eq(jobPosts.familyId, familyId)));
    if (!row) throw notFound(m.jobs_error_no_post());
    return row;
  }

  return {
    /**
     * Publishes a post for the browser's family (made from the gate's lead when it has none): every
     * field checked first, the family's limits and blocks, at most three open or paused posts.
     * `key`: a new family key for the browser to keep.
     */
    async post(input: PostInput): Promise<{ jobId: string; key: string | null }> {
      const reading = readJob(input.fields);
      if (!reading.ok) throw badRequest(Object.values(reading.fields)[0] ?? m.jobs_error_check(), reading.fields);
      if (!input.visitor && !input.key) throw badRequest(m.jobs_gate_first());
      const { family, key } = await conversations.familyFor({ visitor: input.visitor, key: input.key });
      await conversations.refuseBlocked(family.id);
      const phone = (await leadPhone(db, family.leadId)) ?? family.leadId;
      await conversations.limits.familyMessage(family.id, phone, input.address);
      const day = await countInWindow(db, `jobs-post:${phone}`, DAY);
      if (day.count > POSTS_PER_DAY) {
        throw tooManyRequests(m.jobs_error_too_many_today({ when: retryAfterText(day.ttlMs) }), Math.ceil(day.ttlMs / 1000));
      }
      const job = reading.job;
      const jobId = await db.transaction(async (tx) => {
        // The family's row is locked, so two posts sent at once cannot both pass the cap.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`job-posts:${family.id}`}))`);
        const [{ live } = { live: 0 }] = await tx.select({ live: count() }).from(jobPosts).where(liveOf(family.id));
        if (live >= JOB_LIMITS.openPosts) throw badRequest(m.jobs_error_too_many_open({ max: JOB_LIMITS.openPosts }));
        const [row] = await tx
          .insert(jobPosts)
          .values({ ...job, familyId: family.id, expiresAt: new Date(Date.now() + JOB_LIMITS.openDays * DAY) })
          .returning({ id: jobPosts.id });
        return row!.id;
      });
      // Suppliers with fitting helpers are told by the outbox; a failure here loses the notice, not the post.
      await noticeOfNewJob(ground, jobId).catch((error: unknown) =>
        log.error({ err: error, jobId }, "telling suppliers of a new job failed"),
      );
      return { jobId, key };
    },

    /** The posts taking proposals now, newest first (`/jobs`). */
    async open(options: { limit?: number } = {}): Promise<JobView[]> {
      const rows = await db
        .select()
        .from(jobPosts)
        .where(openNow())
        .orderBy(desc(jobPosts.createdAt))
        .limit(Math.min(options.limit ?? 100, 200));
      return rows.map((row) => jobView(row));
    },

    /** One post as anyone reads it (a paused, filled or closed one says so); hidden ones only for operators. */
    async find(jobId: string, viewer?: Viewer | null): Promise<JobView & { hiddenReason: string | null; reported: boolean }> {
      if (!isUuid(jobId)) throw notFound(m.jobs_error_no_post());
      const [row] = await db.select().from(jobPosts).where(eq(jobPosts.id, jobId));
      if (!row || (row.hiddenAt && viewer?.role !== "operator")) throw notFound(m.jobs_error_no_post());
      const operator = viewer?.role === "operator";
      return { ...jobView(row), hiddenReason: operator ? row.hiddenReason : null, reported: operator && row.reportedAt !== null };
    },

    /** The family's posts, newest first, each with its proposals (the space); null for a browser with no family. */
    async ofKey(key: string | null) {
      const familyId = await conversations.familyIdOf(key);
      if (!familyId) return null;
      const rows = await db.select().from(jobPosts).where(eq(jobPosts.familyId, familyId)).orderBy(desc(jobPosts.createdAt));
      const offered = await proposals.forJobs(rows.map((row) => row.id));
      return rows.map((row) => ({
        ...jobView(row),
        hiddenReason: row.hiddenReason,
        proposals: offered.filter((proposal) => proposal.jobId === row.id),
      }));
    },

    /** The family pauses its post, opens it again (within its 30 days) or marks it filled. */
    async setStatus(key: string | null, jobId: unknown, status: unknown): Promise<void> {
      const row = await ownPost(key, jobId);
      if (status !== "open" && status !== "paused" && status !== "filled") throw badRequest(m.jobs_error_status());
      if (row.hiddenAt) throw forbidden(m.jobs_error_hidden());
      if (status === "open" && row.expiresAt.getTime() <= Date.now()) throw badRequest(m.jobs_error_expired());
      if (row.status === "filled" && status !== "filled") throw badRequest(m.jobs_error_filled());
      await db.update(jobPosts).set({ status }).where(eq(jobPosts.id, row.id));
    },

    /** The family deletes its post, and with it the proposals made for it. */
    async remove(key: string | null, jobId: unknown): Promise<void> {
      const row = await ownPost(key, jobId);
      await db.delete(jobPosts).where(eq(jobPosts.id, row.id));
    },

    /** An operator hides a post (it leaves /jobs and takes no proposal), with the reason the family reads; or shows it again. */
    async hide(viewer: Viewer | null | undefined, jobId: unknown, reason: unknown, hidden = true): Promise<void> {
      requireOperator(viewer);
      const why = readFreeText(reason, JOB_LIMITS.reason.max, hidden);
      if ("error" in why) throw badRequest(why.error, { reason: why.error });
      if (typeof jobId !== "string" || !isUuid(jobId)) throw notFound(m.jobs_error_no_post());
      const [row] = await db
        .update(jobPosts)
        .set(hidden ? { hiddenAt: new Date(), hiddenReason: why.text } : { hiddenAt: null, hiddenReason: null, reportedAt: null })
        .where(eq(jobPosts.id, jobId))
        .returning({ id: jobPosts.id });
      if (!row) throw notFound(m.jobs_error_no_post());
    },

    /** A signed-in account reports a post for an operator to look at. */
    async report(viewer: Viewer | null | undefined, jobId: unknown): Promise<void> {
      requireUser(viewer);
      if (typeof jobId !== "string" || !isUuid(jobId)) throw notFound(m.jobs_error_no_post());
      const [row] = await db
        .update(jobPosts)
        .set({ reportedAt: sql`coalesce(${jobPosts.reportedAt}, now())` })
        .where(and(eq(jobPosts.id, jobId), isNull(jobPosts.hiddenAt)))
        .returning({ id: jobPosts.id });
      if (!row) throw notFound(m.jobs_error_no_post());
    },

    /** Every post for operators, reported first, and the proposals families reported. */
    async forOperators(viewer: Viewer | null | undefined) {
      requireOperator(viewer);
      const rows = await db
        .select()
        .from(jobPosts)
        .orderBy(sql`${jobPosts.reportedAt} is null`, desc(jobPosts.createdAt))
        .limit(300);
      const reported = await db
        .select()
        .from(jobProposals)
        .where(and(isNotNull(jobProposals.reportedAt), isNull(jobProposals.hiddenAt)))
        .orderBy(desc(jobProposals.reportedAt))
        .limit(200);
      return {
        jobs: rows.map((row) => ({ ...jobView(row), hiddenReason: row.hiddenReason, reported: row.reportedAt !== null })),
        proposals: reported.map((row) => ({ id: row.id, jobId: row.jobId, message: row.message, supplierId: row.supplierId })),
      };
    },

    /** How many open posts a family keeps (tests and the form's note). */
    liveCount: async (familyId: string) => (await db.select({ live: count() }).from(jobPosts).where(liveOf(familyId)))[0]?.live ?? 0,

    ...proposals.api,
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
