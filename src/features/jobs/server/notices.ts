/**
 * A new post is told to each supplier with a helper who fits it, once, on the channels it turned
 * on (its e-mail, the Telegram chat it linked, the browsers it turned push on in), in its
 * language. The notice says what the post says, never who wrote it, so it carries no one's data.
 */
import { eq } from "drizzle-orm";
import type { FeatureGround } from "../../../server/feature";
import { listText } from "../../../shared/format";
import { labelOf } from "../../../shared/catalogue-labels";
import { m } from "../../../shared/i18n/compiled/messages.js";
import { accountProfile } from "../../accounts";
import { enqueueMessage, inReaderLocale } from "../../notifications";
import { fitFilter, fits } from "../model";
import type { JobsNeeds } from "./needs";
import { jobPosts } from "./tables";

/** Candidates read for one new post; a site's whole listing is a few thousand helpers. */
const CANDIDATES = 5000;

export async function noticeOfNewJob(ground: FeatureGround & JobsNeeds, jobId: string): Promise<{ told: number }> {
  const { db, helpers, conversations, push, site } = ground;
  const [job] = await db.select().from(jobPosts).where(eq(jobPosts.id, jobId));
  if (!job) return { told: 0 };
  // The listing's own conditions find the candidates; the fit's one definition decides.
  const ids = await helpers.idsMatching(fitFilter(job), CANDIDATES);
  const fitting = (await helpers.findMany(ids)).filter((helper) => fits(job, helper));
  const counts = new Map<string, number>();
  for (const helper of fitting) counts.set(helper.supplier.id, (counts.get(helper.supplier.id) ?? 0) + 1);
  const suppliers = [...counts.keys()];
  if (suppliers.length === 0) return { told: 0 };
  const chats = await conversations.telegramChats(suppliers);
  const link = `${site.publicUrl}/dashboard/jobs/${job.id}`;
  await db.transaction(async (tx) => {
    const pushed = await push.accounts(tx, suppliers);
    for (const supplierId of suppliers) {
      const profile = await accountProfile(tx, supplierId);
      if (!profile) continue;
      const chatId = chats.get(supplierId);
      await enqueueMessage(
        tx,
        site.channels,
        inReaderLocale(profile.locale, () => {
          const about = {
            district: m.shared_job_district({ slug: job.district }),
            cares: listText(job.cares.map((care) => labelOf("care", care) ?? care)),
            count: counts.get(supplierId)!,
          };
          return {
            kind: "job-fits",
            to: {
              ...{ email: profile.email, name: profile.name },
              ...(chatId ? { telegramChatId: chatId } : {}),
              ...(pushed.has(supplierId) ? { push: { account: supplierId } } : {}),
            },
            subject: m.jobs_supplier_notice_subject(about),
            text: m.jobs_supplier_notice_body({
              ...about,
              site: site.name,
              link,
              min: job.salaryMin,
              max: job.salaryMax,
              start: job.startDate,
            }),
            pushText: m.jobs_supplier_notice_push(about),
            url: link,
            tag: `job-${job.id}`,
          };
        }),
      );
    }
  });
  return { told: suppliers.length };
}
