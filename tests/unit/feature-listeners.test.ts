import { describe, expect, it } from "vitest";
import { defineEvent, type EventFeed, type EventListener } from "../../src/server/events";
import { defineFeature, on } from "../../src/server/feature";
import { connectListeners, type Gathering } from "../../src/server/plug";

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

  it("hands over what a gathering holds on close, starting each listener at once, and closes once every delivery has ended", async () => {
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
    const { feed, give } = handFeed();
    const { log } = errorLog();
    let handOn: (payload: string) => Promise<void> = async () => undefined;
    const held: string[] = [];
    // Gathers until closed, then hands on what it holds.
    const gathering: Gathering<string> = {
      ...{ event: noticed, add: (payload: string) => void held.push(payload) },
      connect: (to) => void (handOn = to),
      close: () => void handOn(held.splice(0).join("+")),
    };
    const listening = connectListeners(feed, features, { slow: {} }, log, [gathering]);
    await give("noticed", "one");
    await give("noticed", "two");
    expect(steps).toEqual([]);
    const closed = listening.close().then(() => steps.push("closed"));
    expect(steps).toEqual(["started one+two"]);
    await Promise.resolve();
    expect(steps).toEqual(["started one+two"]);
    finish();
    await closed;
    expect(steps).toEqual(["started one+two", "ended one+two", "closed"]);
  });
});
