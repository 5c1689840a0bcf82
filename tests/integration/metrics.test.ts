import { Writable } from "node:stream";
import { beforeAll, expect, it } from "vitest";
import { outbox } from "../../src/features/notifications/server/tables";
import { describeDb, testDbKind } from "../support/database";
import { createHelper, createSupplier } from "../support/factories";
import { usePageApp } from "../support/pages";
import { createTestApp } from "../support/test-app";

const TOKEN = "metrics-token-for-the-test-0123";

describeDb("an operator watches the site through /metrics and request ids", () => {
  const logLines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const t = usePageApp({ env: { METRICS_TOKEN: TOKEN }, logger: { level: "info", stream } });
  beforeAll(async () => {
    const supplier = await createSupplier(t.db);
    await createHelper(t, supplier.id, { name: "Measured Meena", status: "available" });
  });

  it("Prometheus, bearing the token, reads requests by route, the page cache, the outbox and the pool", async () => {
    await t.app.inject({ url: "/api/helpers" });
    await t.app.inject({ url: "/posts" });
    await t.app.inject({ url: "/posts" });
    // One row in each state, none due for a day, so the site's own worker leaves them as they are.
    const later = new Date(Date.now() + 86_400_000);
    const row = (status: string) => ({ kind: "lead", channel: "email", payload: {}, status, nextAttemptAt: later });
    await t.db.insert(outbox).values([row("pending"), row("failing"), row("failing"), row("refused"), row("delivered")]);
    const response = await t.app.inject({ url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/plain");
    const text = response.body;
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/helpers",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="page",status="200"\} 2/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/helpers"\} 1/);
    expect(text).toMatch(/page_cache_hits_total 1/);
    expect(text).toMatch(/page_cache_misses_total 1/);
    expect(text).toMatch(/outbox_notifications\{status="pending"\} 1\n/);
    expect(text).toMatch(/outbox_notifications\{status="failing"\} 2\n/);
    expect(text).toMatch(/outbox_notifications\{status="refused"\} 1\n/);
    expect(text).not.toMatch(/outbox_notifications\{status="(failed|delivered)"\}/);
    expect(text).toContain("process_cpu_seconds_total");
    if (testDbKind === "postgres") expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
  });

  it("answers nobody without the token, as if there were no such address", async () => {
    for (const headers of [{}, { authorization: "Bearer wrong-token-wrong-token-00" }]) {
      const response = await t.app.inject({ url: "/metrics", headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain("http_requests_total");
    }
  });

  it("names every request in its log lines, its X-Request-Id and its error answer", async () => {
    const response = await t.app.inject({ url: "/api/helpers/not-a-helper" });
    expect(response.statusCode).toBe(404);
    const id = response.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.json().error.requestId).toBe(id);
    const lines = logLines.filter((line) => line.requestId === id);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(logLines.filter((line) => "req" in line || "res" in line).every((line) => typeof line.requestId === "string")).toBe(true);
    // Without a trusted proxy, a client's own id is not taken.
    const spoofed = await t.app.inject({ url: "/healthz", headers: { "x-request-id": "chosen-by-the-client" } });
    expect(spoofed.headers["x-request-id"]).not.toBe("chosen-by-the-client");
  });
});

describeDb("a proxy's request id", () => {
  it("is kept when the proxy is trusted, so both logs name the same request", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const response = await t.app.inject({ url: "/healthz", headers: { "x-request-id": "proxy-id-0123456789" } });
      expect(response.headers["x-request-id"]).toBe("proxy-id-0123456789");
    } finally {
      await t.close();
    }
  });
});
