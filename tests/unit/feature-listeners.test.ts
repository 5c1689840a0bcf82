import { describe, expect, it } from "vitest";
import { defineEvent, type EventFeed, type EventListener } from "../../src/server/events";
import { defineFeature, on } from "../../src/server/feature";
import { connectListeners } from "../../src/server/plug";

const noticed = defineEvent("noticed", (payload) => payload);

/** A feed that hands over what a test gives it, as the database's would. */
function handFeed() {
  const listeners = new Map<string, EventListener>();
  const feed: EventFeed = {
    on: (name, listener) => (listeners.set(name, listener), () => listeners.delete(name)),
    catchUp: async () => undefined,
    start: async () => async () => undefined,
    prune: async () => 0,
  };
  return { feed, give: (name: string, payload: string) => listeners.get(name)?.(payload) };
}

function errorLog() {
  const errors: { details: object; message: string }[] = [];
  return { errors, log: { error: (details: object, message: string) => void errors.push({ details, message }) } };
}

describe("features' listeners", () => {
  it("logs a listener that fails, at once or later, and still hands the event to the others", async () => {
    const heard: string[] = [];
    const features = [
      defineFeature({
        name: "throws",
        service: () => ({}),
        listens: () => [
          on(noticed, () => {
            throw new Error("at once");
          }),
        ],
      }),
      defineFeature({ name: "rejects", service: () => ({}), listens: () => [on(noticed, async () => Promise.reject(new Error("later")))] }),
      defineFeature({ name: "hears", service: () => ({}), listens: () => [on(noticed, (payload) => void heard.push(payload))] }),
    ];
    const { feed, give } = handFeed();
    const { errors, log } = errorLog();
    connectListeners(feed, features, { throws: {}, rejects: {}, hears: {} }, log);
    await give("noticed", "first");
    expect(heard).toEqual(["first"]);
    expect(errors.map((error) => error.message)).toEqual(["an event's listener failed", "an event's listener failed"]);
    expect(errors.map((error) => (error.details as { err: Error }).err.message).sort()).toEqual(["at once", "later"]);
  });

  it("starts each listener before deliver returns, and settles once every delivery under way has ended", async () => {
    let finish: () => void = () => undefined;
    const steps: string[] = [];
    const features = [
      defineFeature({
        name: "slow",
        service: () => ({}),
        listens: () => [
          on(noticed, async (payload) => {
            steps.push(`started ${payload}`);
            await new Promise<void>((resolve) => (finish = resolve));
            steps.push(`ended ${payload}`);
          }),
        ],
      }),
    ];
    const { feed } = handFeed();
    const { log } = errorLog();
    const { deliver, settled } = connectListeners(feed, features, { slow: {} }, log);
    void deliver(noticed, "gathered");
    expect(steps).toEqual(["started gathered"]);
    const waiting = settled().then(() => steps.push("settled"));
    await Promise.resolve();
    expect(steps).toEqual(["started gathered"]);
    finish();
    await waiting;
    expect(steps).toEqual(["started gathered", "ended gathered", "settled"]);
  });
});
