import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createRateLimiter, type RateLimiter } from "../../src/features/leads/server/lead-rate-limit";
import { describeDb } from "../support/database";
import { freePort, uniqueSgMobile } from "../support/notify";
import { useTestApp } from "../support/test-app";

/** Lines the limiter logs, kept to be counted. */
function logLines() {
  const lines: string[] = [];
  return { lines, log: { warn: (_details: object, message: string) => void lines.push(message) } };
}

describeDb("the lead limit holds while Redis does not answer", () => {
  const t = useTestApp(async () => ({
    env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
    leadLimits: { max: 2, windowMs: 60_000 },
  }));

  it("lets only the allowance of 30 submissions from one address through when REDIS_URL points at nothing", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/leads",
        remoteAddress: "10.0.2.1",
        payload: { name: "Persistent Visitor", phone: uniqueSgMobile().typed },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(28);
  });
});

describe("the lead limiter without its Redis", () => {
  it("counts in this instance's memory and says so once, not once per request", async () => {
    const { lines, log } = logLines();
    const limiter = createRateLimiter({ max: 3, windowMs: 60_000 }, { redisUrl: `redis://127.0.0.1:${await freePort()}`, log });
    try {
      const hits = [];
      for (let i = 0; i < 30; i++) hits.push(await limiter.hit("10.0.2.2"));
      expect(hits.filter((hit) => hit.allowed)).toHaveLength(3);
      await vi.waitFor(() => expect(lines).toContain("lead rate limit: Redis unavailable, limiting per instance"));
      for (let i = 0; i < 30; i++) await limiter.hit("10.0.2.3");
      expect(lines).toEqual(["lead rate limit: Redis unavailable, limiting per instance"]);
    } finally {
      await limiter.close();
    }
  });
});

const redisPort = 6379;
const redisReachable = await new Promise<boolean>((resolve) => {
  const probe = net.connect(redisPort, "127.0.0.1", () => {
    probe.destroy();
    resolve(true);
  });
  probe.on("error", () => resolve(false));
});

/** A loopback hop in front of the real Redis that a test can take away and bring back. */
function redisHop(port: number) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(redisPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  return {
    open: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!redisReachable)("the lead limiter when Redis goes away and comes back", () => {
  let limiter: RateLimiter;
  let hop: ReturnType<typeof redisHop>;
  let direct: Redis;
  const { lines, log } = logLines();
  const keyPrefix = `dh-test:${process.pid}:${Date.now()}:`;
  /** Whether the count for `key` is in Redis itself. */
  const inRedis = async (key: string) => (await direct.exists(`${keyPrefix}${key}`)) === 1;
  beforeAll(async () => {
    direct = new Redis(`redis://127.0.0.1:${redisPort}`);
    const port = await freePort();
    hop = redisHop(port);
    await hop.open();
    limiter = createRateLimiter({ max: 2, windowMs: 60_000, keyPrefix }, { redisUrl: `redis://127.0.0.1:${port}`, log });
  });
  afterAll(async () => {
    await limiter?.close();
    await hop?.close();
    direct?.disconnect();
  });

  it("limits in memory during the outage, logs it once, and counts in Redis again once it answers", async () => {
    // Shared counting: the first two through Redis.
    await vi.waitFor(async () => {
      await limiter.hit("probe");
      expect(await inRedis("probe")).toBe(true);
    });
    expect((await limiter.hit("10.0.3.1")).allowed).toBe(true);
    expect((await limiter.hit("10.0.3.1")).allowed).toBe(true);
    expect(await inRedis("10.0.3.1")).toBe(true);

    await hop.close();
    const during = [];
    for (let i = 0; i < 30; i++) during.push(await limiter.hit("10.0.3.2"));
    expect(during.filter((hit) => hit.allowed)).toHaveLength(2);
    expect(await inRedis("10.0.3.2")).toBe(false);
    await vi.waitFor(() => expect(lines).toEqual(["lead rate limit: Redis unavailable, limiting per instance"]));

    await hop.open();
    await vi.waitFor(
      async () => {
        await limiter.hit("probe");
        expect(lines).toContain("lead rate limit: Redis answers again, limits shared between instances");
      },
      { timeout: 10_000, interval: 100 },
    );
    // The count kept in Redis before the outage still holds.
    expect((await limiter.hit("10.0.3.1")).count).toBe(3);
    expect(lines).toHaveLength(2);
  });
});
