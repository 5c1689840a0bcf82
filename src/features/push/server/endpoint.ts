/**
 * What a subscription must be before it is kept: an https address on a push service's public
 * host (the worker posts to it, so an address inside the site's network is refused), and the
 * browser's keys in the form the Push API gives them.
 */
import { isIP } from "node:net";

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

/** "Chrome on Android": enough for the owner to tell their browsers apart, nothing more of the header. */
export function browserLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? "";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /SamsungBrowser\//.test(ua)
      ? "Samsung Internet"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "Browser";
  const system = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}
