/** A job post as the pages and the API show it: its facts, never its family. */
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { jobPosts } from "./tables";

export type JobRow = typeof jobPosts.$inferSelect;
export type JobState = "open" | "paused" | "filled" | "closed" | "hidden";

export interface JobView {
  id: string;
  cares: string[];
  adults: number;
  childrenAges: number[];
  elderly: boolean;
  elderlyNeeds: string[];
  home: string;
  district: string;
  languages: string[];
  startDate: string;
  salaryMin: number;
  salaryMax: number;
  offDays: number;
  nationalities: string[];
  description: string;
  state: JobState;
  postedAt: string;
  expiresAt: string;
}

export function stateOf(row: Pick<JobRow, "status" | "hiddenAt" | "expiresAt">, now = new Date()): JobState {
  if (row.hiddenAt) return "hidden";
  if (row.status === "paused" || row.status === "filled") return row.status;
  return row.expiresAt.getTime() <= now.getTime() ? "closed" : "open";
}

export function jobView(row: JobRow, now = new Date()): JobView {
  return {
    id: row.id,
    cares: row.cares,
    adults: row.adults,
    childrenAges: row.childrenAges,
    elderly: row.elderly,
    elderlyNeeds: row.elderlyNeeds,
    home: row.home,
    district: row.district,
    languages: row.languages,
    startDate: row.startDate,
    salaryMin: row.salaryMin,
    salaryMax: row.salaryMax,
    offDays: row.offDays,
    nationalities: row.nationalities,
    description: row.description,
    state: stateOf(row, now),
    postedAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Posts taking proposals now: open, not hidden, not past their 30 days. */
export const openNow = (now = new Date()): SQL => and(eq(jobPosts.status, "open"), isNull(jobPosts.hiddenAt), gt(jobPosts.expiresAt, now))!;

/** Posts a family keeps open or paused (the cap of three counts them). */
export const liveOf = (familyId: string, now = new Date()): SQL =>
  and(
    eq(jobPosts.familyId, familyId),
    sql`${jobPosts.status} in ('open', 'paused')`,
    isNull(jobPosts.hiddenAt),
    gt(jobPosts.expiresAt, now),
  )!;
