/**
 * What a subscription must be before it is kept: an https address on a push service's public
 * host (the worker posts to it, so an address inside the site's network is refused), and the
 * browser's keys in the form the Push API gives them.
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/** Loopback push services are allowed only where a test runs its own (never a setting of the site). */
export interface EndpointRules {
  allowLoopback: boolean;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\]|localhost)$/;
const PRIVATE_NAMES = /(^|\.)(localhost|local|internal|lan|home|intranet|corp)$/;

/** Why an endpoint is refused, or null when it may be kept. */
export function endpointProblem(value: string, rules: EndpointRules): "address" | "https" | "host" | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "address";
  }
  if (url.username || url.password) return "address";
  if (rules.allowLoopback && LOOPBACK.test(url.hostname) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return "https";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Push services are named hosts on the standard port; an address or a port is somewhere else.
  if (isIP(host) !== 0 || url.port !== "" || !host.includes(".") || PRIVATE_NAMES.test(host.toLowerCase())) return "host";
  return null;
}

/** A base64url key of `bytes` bytes (padding tolerated), or null. */
export function keyOfLength(value: string, bytes: number): string | null {
  const bare = value.replace(/=+$/, "");
  if (!/^[A-Za-z0-9_-]+$/.test(bare)) return null;
  const decoded = Buffer.from(bare, "base64url");
  return decoded.length === bytes ? bare : null;
}

/**
 * Addresses no push service has: loopback, private, link-local, carrier-grade NAT, unique-local
 * (an IPv4 address written as IPv6, ::ffff:10.0.0.1, is checked against the IPv4 ranges too).
 */
const INSIDE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const) {
  INSIDE.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  INSIDE.addSubnet(network, prefix, "ipv6");
}

/**
 * Whether a push service's host name leads inside the site's network: a public name may be
 * pointed at a private address after the subscription was checked, so the worker asks before it posts.
 */
export async function leadsInside(hostname: string): Promise<boolean> {
  try {
    const addresses = await lookup(hostname, { all: true, verbatim: true });
    return addresses.some(({ address, family }) => INSIDE.check(address, family === 6 ? "ipv6" : "ipv4"));
  } catch {
    return false; // not resolvable: the post fails and says so
  }
}
