import "server-only";
import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { config } from "@/lib/config";
import { fieldError } from "@/lib/errors";

/*
 * Server-side request forgery: a webhook URL is the one place a user makes Cardmail's servers
 * connect somewhere. It must be https and reach only public unicast addresses, judged when the
 * endpoint is saved and again on every delivery, on the very addresses the socket connects to
 * (a name that resolved to a public address on save may resolve to 127.0.0.1 later).
 */

/** WEBHOOK_ALLOW_PRIVATE_URLS=true: http and private addresses allowed, for development and tests. */
export const allowPrivateUrls = () => config().WEBHOOK_ALLOW_PRIVATE_URLS;

/** Where IANA allocates global unicast IPv6 addresses; outside it, nothing is reachable on the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * Global unicast only. IPv4: what ipaddr.js calls unicast (it names loopback, private,
 * link-local, carrier-grade NAT, reserved...). IPv6: inside 2000::/3 and in no range ipaddr.js
 * names, which refuses every form that carries an IPv4 address (IPv4-compatible ::127.0.0.1,
 * NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32), whatever address it carries, as well as
 * loopback, unique-local, link-local and the rest. An IPv4-mapped address (::ffff:127.0.0.1) is
 * the IPv4 address it carries (the socket connects to that), and is judged as that.
 */
export function isPublicAddress(address: string): boolean {
  const text = withHexTail(address);
  if (!ipaddr.isValid(text)) return false;
  const parsed = ipaddr.parse(text);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === "unicast";
  return v6.range() === "unicast" && v6.match(GLOBAL_UNICAST_V6);
}

/**
 * An IPv6 address whose last 32 bits are written as a dotted quad, with them in hex instead:
 * ipaddr.js reads "::127.0.0.1" as the IPv4-mapped ::ffff:127.0.0.1, while it is the
 * IPv4-compatible ::7f00:1 (how Node's resolver prints such an address). Anything else as is.
 */
function withHexTail(address: string): string {
  const match = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!match) return address;
  const [a, b, c, d] = match.slice(2).map(Number) as [number, number, number, number];
  if (Math.max(a, b, c, d) > 255) return address;
  return `${match[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Why a URL whose host is an IP address must not be sent to, or null. Node connects to an IP
 * literal without calling the socket's `lookup`, so `guardedLookup` never sees it: a delivery
 * checks it here.
 */
export function refusedLiteralAddress(url: URL): string | null {
  const host = hostOf(url);
  if (net.isIP(host) === 0 || isPublicAddress(host)) return null;
  return `${host} is not a public address`;
}

/** Checks a URL before it is saved: a 422 on `url` unless it is https and every address of its host is public. */
export async function assertAllowedWebhookUrl(value: string): Promise<void> {
  if (allowPrivateUrls()) return;
  const url = new URL(value);
  if (url.protocol !== "https:") throw fieldError("url", "The url field must be an https URL.");
  if (url.username || url.password) throw fieldError("url", "The url field must not contain a user name or password.");
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(hostOf(url), { all: true, verbatim: true });
  } catch {
    throw fieldError("url", "The url field's host could not be resolved.");
  }
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
    throw fieldError("url", "The url field must not point to a private, loopback, link-local or reserved address.");
  }
}

/** Why a delivery was refused before any request was made. */
export class BlockedAddressError extends Error {
  readonly code = "EBLOCKEDADDRESS";
}

/**
 * The `lookup` of a delivery's socket: resolves the host and refuses it when any address is not
 * public, so the socket connects only to an address that was checked, never to a name resolved
 * again by someone else.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, verbatim: true, family: options.family }, (error, addresses) => {
    if (error) return callback(error, "", 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => !isPublicAddress(a.address));
    if (list.length === 0 || bad) {
      return callback(new BlockedAddressError(`${hostname} resolves to ${bad?.address ?? "no address"}, which is not a public address`), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
