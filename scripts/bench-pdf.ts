/**
 * npm run bench:pdf -- [--runs 60] [--warmup 5] [--typical] [--chinese] [--main-thread] [--profile out.cpuprofile] [--out biodata.pdf]
 *
 * Times GET /posts/:id/biodata.pdf's work for the fullest biodata the form allows (every skill
 * area, twelve employment rows, every text long, long special notes, a photo): reading the record, converting the
 * photo and laying out the A4 PDF. Each run is a cold generation: the biodata's texts are
 * changed before it (outside the timing, as a supplier's save would), and the PDF and photo caches
 * are emptied, so nothing of that version was made before; what a running site keeps between
 * PDFs (the fonts, the shapes of the words they print) is kept. Then the same request answered from
 * the cache, as visitors get it once a save has prepared it. Prints p50, p95 and the largest time.
 * PDFs are laid out by the site's PDF worker (as PDF_WORKERS=1); --main-thread lays them out on
 * the benchmark's own thread, as PDF_WORKERS=0 does (--profile then sees the layout too).
 * --chinese: the same biodata written in Chinese (her name, the supplier's, every free text), so
 * the PDF embeds Noto Sans SC beside Noto Sans; the target is then 400 ms.
 * It runs as the site does in production (NODE_ENV=production, the Dockerfile's and `npm start`'s),
 * unless NODE_ENV says otherwise: React's development build checks every element it makes.
 */
import "./production-env";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { skillAreas } from "../src/shared/biodata-catalogue";
import { helpers } from "../src/features/helpers/server/tables";
import { user } from "../src/features/accounts/server/tables";
import { portraitSvg, rasterise } from "../src/features/demo/server/portraits";
import { storeImage } from "../src/features/media/server/images";
import { diskStorage } from "../src/features/media/server/storage";
import { findHelperFor, findPrivateDetails } from "../src/features/helpers/server/helper-reads";
import { ListingCache } from "../src/server/listing-cache";
import { createBiodataPdfs, createPdfRenderer } from "../src/features/pdf";
import { freshPglite } from "./bench-database";
import { fullestTexts } from "./fullest-biodata";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "60" },
    warmup: { type: "string", default: "5" },
    typical: { type: "boolean", default: false },
    chinese: { type: "boolean", default: false },
    "main-thread": { type: "boolean", default: false },
    profile: { type: "string" },
    out: { type: "string" },
  },
});
const runs = Number(args.runs);
const warmup = Number(args.warmup);

// Every free text starts with the run's tag, so no run finds a text shaped by an earlier one.
let tag = "#0";
// --typical: every part filled as suppliers fill it (short texts), instead of every text at its limit.
const freeTexts = () => fullestTexts(tag, args.typical, args.chinese);
const target = args.chinese ? 400 : 300;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(label: string, times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `${label}: min ${sorted[0]!.toFixed(1)} ms, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (${times.length} runs)`;
}

const renderer = createPdfRenderer({ workers: args["main-thread"] ? 0 : 1, queue: 4 });
const database = await freshPglite();
const mediaDir = await mkdtemp(path.join(os.tmpdir(), "dh-bench-pdf-"));
try {
  await database.handle.migrate();
  const { db } = database.handle;
  const storage = diskStorage(mediaDir);
  const supplierId = randomUUID();
  await db.insert(user).values({
    id: supplierId,
    name: "Grace Tan",
    email: "bench@example.com",
    companyName: args.chinese ? "金桥家政雇佣代理有限公司" : "Golden Bridge Employment Agency",
    eaLicenceNumber: "19C9871",
  });
  const photo = await storeImage(storage, "helpers", await rasterise(portraitSvg(7)));
  const [row] = await db
    .insert(helpers)
    .values({
      name: args.chinese ? "陈美玲 Chen Meiling" : "Nguyễn Thị Hồng Nhung",
      nationality: "philippines",
      experience: "ex-singapore",
      salary: 750,
      offDays: 4,
      dateOfBirth: "1990-05-15",
      heightCm: 155,
      weightKg: 52,
      marital: "married-with-children",
      childrenAges: "5, 9",
      religion: "catholic",
      english: "good",
      motherTongue: "tagalog",
      otherLanguages: ["english"],
      education: "high-school",
      cares: ["infant", "child", "elder"],
      status: "available",
      supplierId,
      photo,
      siblings: 6,
      repatriationPort: "Iloilo",
      homePhone: "+63 917 555 0199",
      illnesses: ["asthma", "operations", "other"],
      handlesPork: true,
      handlesBeef: false,
      skillsEvaluation: "overseas-centre",
      skillAreas: skillAreas.map((area) => area.slug),
      workedInSingapore: true,
      availableFrom: null,
      interview: ["phone", "video", "in-person"],
      ...freeTexts(),
    })
    .returning({ id: helpers.id });
  const id = row!.id;
  // The PDFs as the helpers service makes them: its reads, and caches the cold runs empty.
  const pdfs = createBiodataPdfs({
    db,
    storage,
    findHelper: (helperId, reader) => findHelperFor(db, { confirmedOwnersOnly: false }, helperId, reader),
    findPrivateDetails: (helperId, viewer) => findPrivateDetails(db, helperId, viewer),
    cache: new ListingCache<Buffer>({ maxEntries: 400, ttlMs: 24 * 60 * 60_000 }),
    photos: new ListingCache<Buffer | null>({ maxEntries: 200, ttlMs: 24 * 60 * 60_000 }),
    renderer,
    settleMs: 0,
    siteName: "Direct Helpers",
  });
  const owner = { id: supplierId, name: "Grace Tan", email: "bench@example.com", role: "supplier" as const, image: null };

  const time = async (viewer: typeof owner | null, emptyCache: boolean) => {
    if (emptyCache) {
      tag = `#${randomUUID().slice(0, 8)}`;
      await db.update(helpers).set(freeTexts()).where(eq(helpers.id, id));
      pdfs.invalidate();
    }
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const pdf = await pdfs.get(id, { viewer, family: false });
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    if (!pdf) throw new Error("no PDF");
    return { elapsed, cpu: (cpu.user + cpu.system) / 1000, bytes: pdf.bytes };
  };

  // The worker's first PDF reads the fonts it needs (for Chinese, Noto Sans SC's 10 MB a style).
  const first = warmup > 0 ? await time(null, true) : null;
  for (let i = 1; i < warmup; i++) await time(null, true);
  // --profile: a CPU profile of the measured runs only (not the database's set-up), for Chrome's DevTools.
  const profiler = args.profile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  const fresh: number[] = [];
  const ownerCopies: number[] = [];
  const cached: number[] = [];
  const cpuTimes: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    const run = await time(null, true);
    fresh.push(run.elapsed);
    cpuTimes.push(run.cpu);
    size = run.bytes.length;
    // --out: the public copy, to look at.
    if (args.out && i === 0) await writeFile(args.out, run.bytes);
    cached.push((await time(null, false)).elapsed);
    ownerCopies.push((await time(owner, true)).elapsed);
  }
  if (profiler) {
    const { profile } = await profiler.post("Profiler.stop");
    await writeFile(args.profile!, JSON.stringify(profile));
    profiler.disconnect();
  }
  console.log(`laid out ${args["main-thread"] ? "on the main thread" : "by a PDF worker"}`);
  console.log(
    `${args.typical ? "typical full" : "fullest"} biodata${args.chinese ? " in Chinese" : ""}: ${skillAreas.length} skill rows, 12 employment rows, a photo; public PDF ${(size / 1024).toFixed(1)} kB`,
  );
  if (first) console.log(`the worker's first PDF, fonts read: ${first.elapsed.toFixed(1)} ms (CPU ${first.cpu.toFixed(1)} ms)`);
  console.log(summary("public copy, cold generation", fresh));
  console.log(summary("owner's copy, cold generation", ownerCopies));
  console.log(summary("served (prepared on save, or cached)", cached));
  // On a busy machine the wall clock counts time spent waiting for a core; the process's CPU
  // time (its threads included: sharp, the database) shows what the work itself costs.
  console.log(summary("public copy, cold generation, CPU time used", cpuTimes));
  console.log(`load average while measuring: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`);
  const p95 = percentile(
    [...fresh, ...ownerCopies].sort((a, b) => a - b),
    95,
  );
  console.log(`cold generation p95 ${p95.toFixed(1)} ms: ${p95 < target ? "under" : "OVER"} the ${target} ms target`);
} finally {
  await renderer.close();
  await database.dispose();
  await rm(mediaDir, { recursive: true, force: true });
}
