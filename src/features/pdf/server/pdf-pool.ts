/**
 * Where biodata PDFs are laid out: a few worker threads, so a PDF (150–250 ms of JavaScript
 * when cold) never holds the event loop that answers every other visitor (decision 084). Each
 * worker makes one PDF at a time; the rest wait in a bounded queue, and past it a request is
 * answered 503 with Retry-After at once rather than left waiting behind a long line. A worker
 * that fails or takes too long is replaced. With no workers the PDF is made on the main thread
 * (PDF_WORKERS=0: the benchmark's comparison).
 */
import { Worker } from "node:worker_threads";
import { HttpError } from "../../../server/http/errors";
import type { BiodataPdfInput } from "./biodata-document";
import type { PdfAnswer, PdfJob } from "./pdf-worker";

/** A PDF taking longer than this is stuck (a cold one takes a quarter of a second): its worker goes. */
const RENDER_TIMEOUT_MS = 30_000;
/** What a 503 asks to wait: about what a full queue takes to clear. */
const RETRY_AFTER_SECONDS = 5;

export interface PdfRendererOptions {
  /** Worker threads; 0 makes PDFs on the main thread. */
  workers: number;
  /** PDFs that may wait for a worker; one more is refused with 503. */
  queue: number;
  /**
   * A worker with nothing to do for this long stops, and the next PDF starts one: an idle worker
   * holds its fonts, its renderer and its young generation, about 130 MB (decision 129).
   */
  idleMs?: number;
}

/** How long a worker waits for another PDF before it stops, unless PDF_IDLE_SECONDS says. */
const PDF_WORKER_IDLE_MS = 60_000;

export interface PdfRenderer {
  render(input: BiodataPdfInput): Promise<Buffer>;
  /** PDFs being made and waiting, and the workers running, for tests and metrics. */
  readonly load: { busy: number; waiting: number; workers: number };
  close(): Promise<void>;
}

interface Job {
  id: number;
  input: BiodataPdfInput;
  resolve(bytes: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
  /** Set while the worker waits for a job: it stops when this runs out. */
  idle?: NodeJS.Timeout;
}

/**
 * A PDF makes some hundred megabytes of short-lived objects (text runs, glyphs, layout boxes):
 * with V8's default young generation a worker spent about a fifth of a PDF collecting them. A
 * larger one collects less often; measured in turns on a Chinese biodata, p95 8–13% lower.
 */
const LIMITS = { maxYoungGenerationSizeMb: 128 };

/**
 * The worker's code: in the built server this module is part of dist/server.js, beside
 * dist/pdf-worker.js; from the sources (npm run dev, tests, scripts) the TypeScript file is
 * started through tsx by ts-worker.mjs.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (here.endsWith(".ts")) {
    return new Worker(new URL("./ts-worker.mjs", here), {
      workerData: { entry: new URL("./pdf-worker.ts", here).href },
      resourceLimits: LIMITS,
    });
  }
  return new Worker(new URL("./pdf-worker.js", here), { resourceLimits: LIMITS });
}

export const busy = () =>
  new HttpError(
    503,
    "busy",
    "Many biodata PDFs are being made right now: please try again in a few seconds.",
    undefined,
    RETRY_AFTER_SECONDS,
  );

function mainThreadRenderer(): PdfRenderer {
  let busyCount = 0;
  return {
    async render(input) {
      busyCount += 1;
      try {
        const { renderBiodataPdf } = await import("./render-biodata");
        return await renderBiodataPdf(input);
      } finally {
        busyCount -= 1;
      }
    },
    get load() {
      return { busy: busyCount, waiting: 0, workers: 0 };
    },
    close: async () => {},
  };
}

export function createPdfRenderer({ workers, queue, idleMs = PDF_WORKER_IDLE_MS }: PdfRendererOptions): PdfRenderer {
  if (workers <= 0) return mainThreadRenderer();
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let nextId = 0;
  let closed = false;

  function finish(slot: Slot, settle: (job: Job) => void) {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    if (job) settle(job);
  }

  function retire(slot: Slot, error: Error) {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    clearTimeout(slot.idle);
    finish(slot, (job) => job.reject(error));
    void slot.worker.terminate();
    dispatch();
  }

  /** A worker left without a job stops after `idleMs`, unless a job comes first. */
  function restWhenIdle() {
    for (const slot of slots) {
      if (slot.job || slot.idle) continue;
      slot.idle = setTimeout(() => {
        if (slot.job) return;
        slots.splice(slots.indexOf(slot), 1);
        slot.worker.removeAllListeners("exit");
        void slot.worker.terminate();
      }, idleMs);
      slot.idle.unref();
    }
  }

  function spawn(): Slot {
    const slot: Slot = { worker: startWorker() };
    // An idle worker does not keep the process alive (a script ends when its work is done).
    slot.worker.unref();
    slot.worker.on("message", (answer: PdfAnswer) => {
      if (slot.job?.id !== answer.id) return;
      finish(slot, (job) =>
        "bytes" in answer
          ? job.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength))
          : job.reject(new Error(answer.error)),
      );
      slot.worker.unref();
      dispatch();
      restWhenIdle();
    });
    slot.worker.on("error", (error) => retire(slot, error));
    slot.worker.on("exit", (code) => retire(slot, new Error(`The PDF worker stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  }

  function dispatch() {
    while (!closed && waiting.length > 0) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < workers ? spawn() : undefined);
      if (!slot) return;
      const job = waiting.shift()!;
      clearTimeout(slot.idle);
      slot.idle = undefined;
      slot.job = job;
      slot.worker.ref();
      slot.timer = setTimeout(() => retire(slot, new Error(`A biodata PDF took over ${RENDER_TIMEOUT_MS / 1000} s`)), RENDER_TIMEOUT_MS);
      slot.worker.postMessage({ id: job.id, input: job.input } satisfies PdfJob);
    }
  }

  return {
    render(input) {
      if (closed) return Promise.reject(new Error("The PDF workers are stopped"));
      const idle = slots.some((s) => !s.job) || slots.length < workers;
      if (!idle && waiting.length >= queue) return Promise.reject(busy());
      return new Promise<Buffer>((resolve, reject) => {
        waiting.push({ id: ++nextId, input, resolve, reject });
        dispatch();
      });
    },
    get load() {
      return { busy: slots.filter((s) => s.job).length, waiting: waiting.length, workers: slots.length };
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error("The PDF workers are stopped"));
      await Promise.all(
        slots.splice(0).map((slot) => {
          clearTimeout(slot.idle);
          finish(slot, (job) => job.reject(new Error("The PDF workers are stopped")));
          slot.worker.removeAllListeners("exit");
          return slot.worker.terminate();
        }),
      );
    },
  };
}
