import { afterEach, beforeEach, describe, expect, it } from "vitest";
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

describe("the pixel's events", () => {
  it("does nothing when the pixel is not on the page, and sends what follows once it is", () => {
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
    expect(calls).toEqual([["track", "Lead", { content_name: "Visitor Form", content_category: "Contact", value: 1 }]]);
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

  it("sends the gate's Lead with the original's parameters", () => {
    trackLead();
    expect(calls).toEqual([["track", "Lead", { content_name: "Visitor Form", content_category: "Contact", value: 1 }]]);
  });

  it("counts a biodata opened from a card once, not again when its page loads", () => {
    helperOpenedFromCard(maria, plainClick);
    helperPageShown(maria);
    expect(calls).toEqual([viewContent]);
    // Coming back to it later is a new view.
    helperPageShown(maria);
    expect(calls).toEqual([viewContent, viewContent]);
  });

  it("counts a biodata reached directly when its page loads", () => {
    helperPageShown(maria);
    expect(calls).toEqual([viewContent]);
  });

  it("leaves a click that opens another tab to the page in that tab", () => {
    helperOpenedFromCard(maria, { ...plainClick, ctrlKey: true });
    expect(calls).toEqual([]);
    helperPageShown(maria);
    expect(calls).toEqual([viewContent]);
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
