import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  helperOpenedFromCard,
  helperPageShown,
  pixelLoaderScript,
  PIXEL_SCRIPT_URL,
  trackLead,
  trackPageView,
  trackShortlisted,
} from "../../src/ui/pixel";

const maria = { id: "h1", name: "Maria Santos", nationality: "philippines" };
const viewContent = [
  "track",
  "ViewContent",
  { content_name: "Maria Santos", content_category: "Philippines", content_type: "maid_profile" },
];
const plainClick = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };

let calls: unknown[][];

beforeEach(() => {
  calls = [];
  (globalThis as { window?: unknown }).window = { fbq: (...args: unknown[]) => calls.push(args) };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

/** The events' code loads on the first event (decision 122): what was sent, once it is. */
async function sent(expected: unknown[][]): Promise<void> {
  await vi.waitFor(() => expect(calls).toEqual(expected));
}

describe("the pixel's events", () => {
  it("does nothing when the pixel is not on the page, and sends what follows once it is", async () => {
    const page: { fbq?: (...args: unknown[]) => void } = {};
    (globalThis as { window?: unknown }).window = page;
    trackPageView();
    trackLead();
    helperPageShown(maria);
    trackShortlisted({ ref: "DH-1", name: "Maria Santos" });
    // No pixel was made up to send them with, and none were kept for later.
    expect(page).toEqual({});
    page.fbq = (...args: unknown[]) => calls.push(args);
    trackLead();
    await sent([["track", "Lead", { content_name: "Visitor Form", content_category: "Contact", value: 1 }]]);
  });

  it("does nothing while the page renders on the server, where there is no window", () => {
    delete (globalThis as { window?: unknown }).window;
    expect(() => {
      trackPageView();
      trackLead();
      helperOpenedFromCard(maria, plainClick);
      helperPageShown(maria);
      trackShortlisted({ ref: "DH-1", name: "Maria Santos" });
    }).not.toThrow();
  });

  it("sends the gate's Lead with the original's parameters", async () => {
    trackLead();
    await sent([["track", "Lead", { content_name: "Visitor Form", content_category: "Contact", value: 1 }]]);
  });

  it("counts a biodata opened from a card once, not again when its page loads", async () => {
    helperOpenedFromCard(maria, plainClick);
    helperPageShown(maria);
    await sent([viewContent]);
    // Coming back to it later is a new view.
    helperPageShown(maria);
    await sent([viewContent, viewContent]);
  });

  it("counts a biodata reached directly when its page loads", async () => {
    helperPageShown(maria);
    await sent([viewContent]);
  });

  it("leaves a click that opens another tab to the page in that tab", async () => {
    helperOpenedFromCard(maria, { ...plainClick, ctrlKey: true });
    // Events go out in order: the next one shows the click sent nothing.
    trackLead();
    const lead = ["track", "Lead", { content_name: "Visitor Form", content_category: "Contact", value: 1 }];
    await sent([lead]);
    helperPageShown(maria);
    await sent([lead, viewContent]);
  });

  it("writes a loader that queues calls until the pixel's script arrives", () => {
    const script = pixelLoaderScript("123456789012");
    expect(script).toContain(JSON.stringify(PIXEL_SCRIPT_URL));
    const queued: unknown[][] = [];
    const appended: { src?: string }[] = [];
    const fakeWindow: { fbq?: { queue: IArguments[] } } = {};
    const fakeDocument = { createElement: () => ({}), head: { appendChild: (node: { src?: string }) => appended.push(node) } };
    new Function("window", "document", script)(fakeWindow, fakeDocument);
    for (const args of fakeWindow.fbq!.queue) queued.push([...args]);
    expect(queued).toEqual([
      ["init", "123456789012"],
      ["track", "PageView"],
    ]);
    expect(appended[0]?.src).toBe(PIXEL_SCRIPT_URL);
  });
});
