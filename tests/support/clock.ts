/**
 * Resolves once the wall clock has passed `time` (milliseconds), so the next write is stamped
 * later than one stamped at `time`: a wait for the clock itself, at most a millisecond or so.
 */
export async function clockPast(time: number): Promise<void> {
  while (Date.now() <= time) await new Promise((resolve) => setImmediate(resolve));
}

/** An instant given as a wall-clock time in Singapore (UTC+8): `singaporeTime("2026-11-30T23:59")`. */
export function singaporeTime(local: string): Date {
  return new Date(`${local}+08:00`);
}
