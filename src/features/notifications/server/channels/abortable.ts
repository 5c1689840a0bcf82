/** Rejects when the signal aborts, so a stopping worker need not wait for a slow peer. */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new Error("Stopped before delivery finished"));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("Stopped before delivery finished"));
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
