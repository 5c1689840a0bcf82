import { describe, expect, it } from "vitest";
import { createSettledWork } from "../../src/server/settled-work";

function recorder(settleMs: number, maxWaiting = 50) {
  const done: [string, number][] = [];
  const work = createSettledWork<number>({
    settleMs,
    maxWaiting,
    async run(key, value) {
      if (key === "broken") throw new Error("cannot draw");
      done.push([key, value]);
    },
  });
  return { work, done };
}

describe("work after a burst of saves", () => {
  it("runs once for a burst of saves of one biodata, with the last save's value", async () => {
    const { work, done } = recorder(30);
    for (let save = 1; save <= 10; save += 1) work.add("helper-a", save);
    await expect.poll(() => done).toEqual([["helper-a", 10]]);
  });

  it("runs each biodata of a burst once, and goes on past one whose work fails", async () => {
    const { work, done } = recorder(10);
    work.add("helper-a", 1);
    work.add("broken", 2);
    work.add("helper-b", 3);
    work.add("helper-a", 4);
    await expect
      .poll(() => [...done].sort())
      .toEqual([
        ["helper-a", 4],
        ["helper-b", 3],
      ]);
  });

  it("leaves a biodata past the waiting limit for its first request to make", async () => {
    const { work, done } = recorder(10, 2);
    work.add("helper-a", 1);
    work.add("helper-b", 2);
    work.add("helper-c", 3);
    work.add("helper-a", 4);
    await expect
      .poll(() => [...done].sort())
      .toEqual([
        ["helper-a", 4],
        ["helper-b", 2],
      ]);
    work.add("helper-c", 5);
    await expect.poll(() => done.map(([key]) => key)).toContain("helper-c");
  });

  it("runs at once, after the requests of the moment, when there is no settle time", async () => {
    const { work, done } = recorder(0);
    work.add("helper-a", 1);
    expect(done).toEqual([]);
    await expect.poll(() => done).toEqual([["helper-a", 1]]);
  });

  it("stops when the site closes: the work under way ends first, the rest is dropped, and nothing more starts", async () => {
    const done: string[] = [];
    let began!: () => void;
    const underWay = new Promise<void>((resolve) => (began = resolve));
    let finish!: () => void;
    const work = createSettledWork<number>({
      settleMs: 0,
      maxWaiting: 50,
      async run(key) {
        if (key === "helper-a") {
          began();
          await new Promise<void>((resolve) => (finish = resolve));
        }
        done.push(key);
      },
    });
    work.add("helper-a", 1);
    work.add("helper-b", 2);
    await underWay;
    let stopped = false;
    const stopping = work.stop().then(() => (stopped = true));
    work.add("helper-c", 3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(done).toEqual(["helper-a"]);
  });
});
