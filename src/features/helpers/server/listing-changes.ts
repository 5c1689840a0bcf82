/**
 * What changed in the public listing, and when each instance acts on it (decision 083). A save
 * tells its own instance at once, and the database trigger tells every instance (this one too)
 * with a payload naming the helpers changed (migration 0009). Changes are gathered for a short
 * window and acted on together, so a burst of saves costs each instance one round of dropped
 * pages and one search-index build, whatever the number of saves.
 */

/** Some helpers changed (their ids), or anything may have (a supplier, a seed, a lost connection). */
export type ListingChange = { helpers: readonly string[] } | "everything";

/** The change a `listing` event names; anything but "helpers:<ids>" is everything. */
export function changeFromPayload(payload: string): ListingChange {
  const match = /^helpers:([0-9a-f-]+(?:,[0-9a-f-]+)*)$/i.exec(payload);
  return match ? { helpers: match[1]!.split(",") } : "everything";
}

/**
 * Acts on the first change after a quiet window at once, so a save is on every page as soon as
 * each instance hears of it, then gathers what follows until the window ends and acts on that
 * together: however long a burst, at most one application a window after the first.
 * A window of 0 applies each change at once.
 */
export class ChangeGatherer {
  private pending: Set<string> | "everything" | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly windowMs: number,
    private readonly apply: (change: ListingChange) => void,
  ) {}

  add(change: ListingChange): void {
    if (change === "everything" || this.pending === "everything") this.pending = "everything";
    else {
      this.pending ??= new Set();
      for (const id of change.helpers) this.pending.add(id);
    }
    if (this.timer) return;
    this.flush();
    this.openWindow();
  }

  /** Whether changes wait for their window to end. */
  get waiting(): boolean {
    return this.pending !== undefined;
  }

  /** Applies what is gathered now (also on close, so nothing waits on a timer). */
  flush(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending) this.apply(pending === "everything" ? pending : { helpers: [...pending] });
  }

  private openWindow(): void {
    if (this.windowMs <= 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      // What came during the window is applied, and opens the next one.
      if (this.pending === undefined) return;
      this.flush();
      this.openWindow();
    }, this.windowMs);
    this.timer.unref();
  }

  /** Stops the window's timer (on close, after a last flush). */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.flush();
  }
}
