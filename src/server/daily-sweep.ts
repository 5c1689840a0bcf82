/** A clean-up that runs at start and then once a day, saying what it removed or why it failed. */
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Starts the sweep; the function returned stops it. `said`: the log's words when it removed some, and when it failed. */
export function scheduleDailySweep(
  sweep: () => Promise<{ deleted: number }>,
  log: SweepLog,
  said: { removed: string; failed: string },
): () => void {
  const run = () =>
    sweep().then(
      (result) => {
        if (result.deleted > 0) log.info(result, said.removed);
      },
      (error: unknown) => log.error({ err: error }, said.failed),
    );
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
