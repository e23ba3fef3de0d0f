import { isIP } from "node:net";

/**
 * The header our own HTTP server (server/app.ts) sets from the connection (or, behind
 * a trusted proxy, from X-Forwarded-For as Express resolves it). Any incoming header of
 * this name is removed first, so a client cannot choose its own address.
 */
export const CLIENT_IP_HEADER = "x-rentwell-client-ip";

/** The client's IP address for rate limiting and session records; "unknown" when there is none. */
export function clientIp(request: Request): string {
  return clientIpOf(request.headers.get(CLIENT_IP_HEADER));
}

/** The client's IP address from the value of CLIENT_IP_HEADER (the API layer reads headers itself); "unknown" when there is none. */
export function clientIpOf(header: string | null | undefined): string {
  const value = header?.trim();
  if (!value) return "unknown";
  const address = value.startsWith("::ffff:") && isIP(value.slice(7)) === 4 ? value.slice(7) : value;
  return isIP(address) ? address : "unknown";
}

/**
 * The part of an address that rate limits count by. One IPv6 subscriber usually holds a
 * whole /64 (2^64 addresses), so counting single IPv6 addresses would let one client
 * spread its guesses over as many "addresses" as it likes; IPv6 addresses are counted by
 * their /64 prefix. IPv4 addresses (and IPv4-mapped IPv6) count one by one.
 */
export function rateLimitAddress(ip: string): string {
  if (isIP(ip) !== 6) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  // An embedded IPv4 tail (::ffff:1.2.3.4) only ever sits in the last 32 bits.
  const missing = 8 - headGroups.length - tailGroups.length - (tailGroups.at(-1)?.includes(".") ? 1 : 0);
  const groups = ip.includes("::") ? [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups] : headGroups;
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, ""));
  return `${prefix.join(":")}::/64`;
}
