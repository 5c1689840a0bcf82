/**
 * Proposals: a supplier offers one of its helpers who fits an open post, with a message; at most
 * three helpers a supplier and post, each helper once a post. The family accepts (the
 * conversations feature opens their conversation, the proposal its first message, and the
 * supplier writes on there) or declines (closed quietly: the supplier reads only "closed").
 */
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { FeatureGround } from "../../../server/feature";
import { badRequest, forbidden, notFound } from "../../../server/http/errors";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { isUuid } from "../../../shared/uuid";
import { requireOperator, requireUser, type Viewer } from "../../accounts";
import { fits, JOB_LIMITS, readFreeText } from "../model";
import type { JobsNeeds } from "./needs";
import { jobPosts, jobProposals } from "./tables";
import { jobView, openNow, stateOf, type JobView } from "./views";

/** A proposal as the family's space shows it. */
export interface FamilyProposal {
  id: string;
  jobId: string;
  helper: { id: string; name: string; ref: string; nationality: string; age: number | null; salary: number; offDays: number };
  supplier: string;
  message: string;
  status: "pending" | "accepted" | "declined";
  conversationId: string | null;
}

/** A supplier's own proposal as its page shows it: a declined one reads as closed. */
export interface OwnProposal {
  helperId: string;
  name: string;
  ref: string;
  message: string;
  status: "pending" | "accepted" | "closed";
}

/** Helpers one supplier has listed, read for fitting (a supplier lists a few hundred at most). */
const OWN_HELPERS = 1000;

export function createProposals(ground: FeatureGround & JobsNeeds) {
  const { db, helpers, conversations } = ground;

  /** The supplier's available helpers, as their cards read them (offered cares, salary, start, nationality). */
  async function availableOf(supplierId: string) {
    const ids = await helpers.idsMatching({ supplier: supplierId }, OWN_HELPERS);
    return helpers.findMany(ids);
  }

  async function ownProposals(supplierId: string, jobIds: readonly string[]) {
    if (jobIds.length === 0) return [];
    return db
      .select()
      .from(jobProposals)
      .where(and(eq(jobProposals.supplierId, supplierId), inArray(jobProposals.jobId, [...jobIds])))
      .orderBy(jobProposals.createdAt);
  }

  async function familyProposal(key: string | null, proposalId: unknown) {
    const familyId = await conversations.familyIdOf(key);
    if (!familyId || typeof proposalId !== "string" || !isUuid(proposalId)) throw notFound(m.jobs_error_no_proposal());
    const [row] = await db
      .select({ proposal: jobProposals })
      .from(jobProposals)
      .innerJoin(jobPosts, eq(jobPosts.id, jobProposals.jobId))
      .where(and(eq(jobProposals.id, proposalId), eq(jobPosts.familyId, familyId), isNull(jobProposals.hiddenAt)));
    if (!row) throw notFound(m.jobs_error_no_proposal());
    return { familyId, proposal: row.proposal };
  }

  const api = {
    /** The open posts that fit at least one of the supplier's available helpers, newest first, with those helpers. */
    async fittingFor(viewer: Viewer | null | undefined) {
      const supplier = requireUser(viewer);
      const own = await availableOf(supplier.id);
      if (own.length === 0) return [];
      const rows = await db.select().from(jobPosts).where(openNow()).orderBy(desc(jobPosts.createdAt)).limit(500);
      const fitting = rows
        .map((row) => ({ job: jobView(row), helpers: own.filter((helper) => fits(row, helper)) }))
        .filter((entry) => entry.helpers.length > 0);
      const proposed = await ownProposals(
        supplier.id,
        fitting.map((entry) => entry.job.id),
      );
      return fitting.map(({ job, helpers: fit }) => ({
        job,
        helpers: fit.map((helper) => ({ id: helper.id, name: helper.name, ref: helper.ref })),
        proposed: proposed.filter((proposal) => proposal.jobId === job.id).length,
      }));
    },

    /** One post as a supplier answers it: its fitting helpers, its own proposals, and whether it may propose more. */
    async forSupplier(viewer: Viewer | null | undefined, jobId: string) {
      const supplier = requireUser(viewer);
      if (!isUuid(jobId)) throw notFound(m.jobs_error_no_post());
      const [row] = await db
        .select()
        .from(jobPosts)
        .where(and(eq(jobPosts.id, jobId), isNull(jobPosts.hiddenAt)));
      if (!row) throw notFound(m.jobs_error_no_post());
      const own = await availableOf(supplier.id);
      const proposals = await ownProposals(supplier.id, [row.id]);
      const named = new Map((await helpers.findMany(proposals.map((proposal) => proposal.helperId))).map((helper) => [helper.id, helper]));
      const proposedIds = new Set(proposals.map((proposal) => proposal.helperId));
      const job: JobView = jobView(row);
      return {
        job,
        fitting: own
          .filter((helper) => fits(row, helper) && !proposedIds.has(helper.id))
          .map((helper) => ({ id: helper.id, name: helper.name, ref: helper.ref })),
        proposals: proposals.map((proposal): OwnProposal => ({
          helperId: proposal.helperId,
          name: named.get(proposal.helperId)?.name ?? "",
          ref: named.get(proposal.helperId)?.ref ?? "",
          message: proposal.message,
          status:
            proposal.status === "pending"
              ? job.state === "open"
                ? "pending"
                : "closed"
              : proposal.status === "accepted"
                ? "accepted"
                : "closed",
        })),
        mayPropose: job.state === "open" && proposals.length < JOB_LIMITS.proposalsPerSupplier,
      };
    },

    /**
     * Proposes one of the supplier's own available helpers who fits an open post, with a message:
     * refused at its field when she does not fit, is proposed already or is another's; refused
     * when the post takes no more proposals, or the supplier made three for it.
     */
    async propose(viewer: Viewer | null | undefined, jobId: unknown, helperId: unknown, message: unknown): Promise<{ proposalId: string }> {
      const supplier = requireUser(viewer);
      const text = readFreeText(message, JOB_LIMITS.message.max, true);
      if ("error" in text) throw badRequest(text.error, { message: text.error });
      if (typeof jobId !== "string" || !isUuid(jobId)) throw notFound(m.jobs_error_no_post());
      const [job] = await db
        .select()
        .from(jobPosts)
        .where(and(eq(jobPosts.id, jobId), isNull(jobPosts.hiddenAt)));
      if (!job) throw notFound(m.jobs_error_no_post());
      if (stateOf(job) !== "open") throw badRequest(m.jobs_supplier_error_not_open());
      const helper = typeof helperId === "string" && isUuid(helperId) ? await helpers.find(helperId, supplier) : undefined;
      if (!helper) throw badRequest(m.jobs_supplier_error_helper_unknown(), { helper: m.jobs_supplier_error_helper_unknown() });
      if (helper.supplier.id !== supplier.id) throw forbidden(m.jobs_supplier_error_helper_not_yours());
      if (helper.status !== "available" || !fits(job, helper))
        throw badRequest(m.jobs_supplier_error_helper_unfit(), { helper: m.jobs_supplier_error_helper_unfit() });
      await conversations.refuseBlocked(job.familyId, supplier.id);
      await conversations.limits.supplierMessage(supplier.id);
      const proposalId = await db.transaction(async (tx) => {
        // The post's row is locked: two proposals sent at once are counted one after the other.
        const [locked] = await tx.select().from(jobPosts).where(eq(jobPosts.id, job.id)).for("update");
        if (!locked || stateOf(locked) !== "open") throw badRequest(m.jobs_supplier_error_not_open());
        const [{ made } = { made: 0 }] = await tx
          .select({ made: count() })
          .from(jobProposals)
          .where(and(eq(jobProposals.jobId, job.id), eq(jobProposals.supplierId, supplier.id)));
        if (made >= JOB_LIMITS.proposalsPerSupplier)
          throw badRequest(m.jobs_supplier_error_too_many_proposals({ max: JOB_LIMITS.proposalsPerSupplier }));
        const [row] = await tx
          .insert(jobProposals)
          .values({ jobId: job.id, helperId: helper.id, supplierId: supplier.id, message: text.text })
          .onConflictDoNothing()
          .returning({ id: jobProposals.id });
        if (!row) throw badRequest(m.jobs_supplier_error_helper_proposed(), { helper: m.jobs_supplier_error_helper_proposed() });
        return row.id;
      });
      return { proposalId };
    },

    /**
     * The family answers a proposal with one tap: accepted, it becomes a conversation (the one
     * the family has about her already, if any) where the supplier writes on; declined, it closes.
     */
    async decide(key: string | null, proposalId: unknown, decision: unknown): Promise<{ conversationId: string | null }> {
      if (decision !== "accept" && decision !== "decline") throw badRequest(m.jobs_error_decision());
      const { familyId, proposal } = await familyProposal(key, proposalId);
      if (proposal.status !== "pending") {
        if (proposal.status === "accepted" && decision === "accept") return { conversationId: proposal.conversationId };
        throw badRequest(m.jobs_error_answered());
      }
      if (decision === "decline") {
        await db
          .update(jobProposals)
          .set({ status: "declined", decidedAt: new Date() })
          .where(and(eq(jobProposals.id, proposal.id), eq(jobProposals.status, "pending")));
        return { conversationId: null };
      }
      await conversations.refuseBlocked(familyId, proposal.supplierId);
      // Claimed first, so two taps open one conversation; given back if it cannot be opened.
      const [claimed] = await db
        .update(jobProposals)
        .set({ status: "accepted", decidedAt: new Date() })
        .where(and(eq(jobProposals.id, proposal.id), eq(jobProposals.status, "pending")))
        .returning({ id: jobProposals.id });
      if (!claimed) throw badRequest(m.jobs_error_answered());
      try {
        const conversationId = await conversations.openFromProposal({
          familyId,
          helperId: proposal.helperId,
          supplierId: proposal.supplierId,
          message: proposal.message,
        });
        await db.update(jobProposals).set({ conversationId }).where(eq(jobProposals.id, proposal.id));
        return { conversationId };
      } catch (error) {
        await db.update(jobProposals).set({ status: "pending", decidedAt: null }).where(eq(jobProposals.id, proposal.id));
        throw error;
      }
    },

    /** The family reports a proposal for an operator to look at. */
    async reportProposal(key: string | null, proposalId: unknown): Promise<void> {
      const { proposal } = await familyProposal(key, proposalId);
      await db.update(jobProposals).set({ reportedAt: new Date() }).where(eq(jobProposals.id, proposal.id));
    },

    /** An operator hides a proposal: the family sees it no more. */
    async hideProposal(viewer: Viewer | null | undefined, proposalId: unknown): Promise<void> {
      requireOperator(viewer);
      if (typeof proposalId !== "string" || !isUuid(proposalId)) throw notFound(m.jobs_error_no_proposal());
      const [row] = await db
        .update(jobProposals)
        .set({ hiddenAt: new Date() })
        .where(eq(jobProposals.id, proposalId))
        .returning({ id: jobProposals.id });
      if (!row) throw notFound(m.jobs_error_no_proposal());
    },
  };

  return {
    api,
    /** The proposals made for these posts, as the family's space shows them (hidden ones left out). */
    async forJobs(jobIds: readonly string[]): Promise<FamilyProposal[]> {
      if (jobIds.length === 0) return [];
      const rows = await db
        .select()
        .from(jobProposals)
        .where(and(inArray(jobProposals.jobId, [...jobIds]), isNull(jobProposals.hiddenAt)))
        .orderBy(desc(jobProposals.createdAt));
      const records = new Map((await helpers.findMany([...new Set(rows.map((row) => row.helperId))])).map((helper) => [helper.id, helper]));
      return rows.flatMap((row): FamilyProposal[] => {
        const helper = records.get(row.helperId);
        if (!helper) return [];
        return [
          {
            id: row.id,
            jobId: row.jobId,
            helper: {
              id: helper.id,
              name: helper.name,
              ref: helper.ref,
              nationality: helper.nationality,
              age: helper.age,
              salary: helper.salary,
              offDays: helper.offDays,
            },
            supplier: helper.supplier.name,
            message: row.message,
            status: row.status as FamilyProposal["status"],
            conversationId: row.conversationId,
          },
        ];
      });
    },
  };
}
