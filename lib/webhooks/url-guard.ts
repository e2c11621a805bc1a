import "server-only";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
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

/** Public unicast only: ipaddr.js names every special range (loopback, private, link-local, 6to4...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  return ipaddr.process(address).range() === "unicast";
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

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
