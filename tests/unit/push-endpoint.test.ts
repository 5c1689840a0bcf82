import { describe, expect, it } from "vitest";
import { endpointProblem, leadsInside } from "../../src/features/push/server/endpoint";

describe("a push service's address", () => {
  it("is kept only as https on a named public host, with no port or credentials", () => {
    const rules = { allowLoopback: false };
    expect(endpointProblem("https://fcm.googleapis.com/fcm/send/abc", rules)).toBeNull();
    expect(endpointProblem("http://fcm.googleapis.com/fcm/send/abc", rules)).toBe("https");
    expect(endpointProblem("https://10.0.0.5/push", rules)).toBe("host");
    expect(endpointProblem("https://push.example.com:8443/x", rules)).toBe("host");
    expect(endpointProblem("https://printer.local/x", rules)).toBe("host");
    expect(endpointProblem("https://user:pw@push.example.com/x", rules)).toBe("address");
    expect(endpointProblem("not a url", rules)).toBe("address");
    expect(endpointProblem("https://127.0.0.1:4000/push", rules)).toBe("host");
    expect(endpointProblem("http://127.0.0.1:4000/push", { allowLoopback: true })).toBeNull();
  });

  it("is refused at sending when its name leads inside the site's network", async () => {
    expect(await leadsInside("localhost")).toBe(true);
    expect(await leadsInside("127.0.0.1")).toBe(true);
    expect(await leadsInside("::1")).toBe(true);
    expect(await leadsInside("192.168.1.20")).toBe(true);
    expect(await leadsInside("::ffff:10.0.0.1")).toBe(true);
    expect(await leadsInside("8.8.8.8")).toBe(false);
    expect(await leadsInside("no-such-host.invalid")).toBe(false);
  });
});
