import { isIP } from "node:net";

/**
 * The header our own HTTP server (server/app.ts) sets from the connection (or, behind
 * a trusted proxy, from X-Forwarded-For as Express resolves it). Any incoming header of
 * this name is removed first, so a client cannot choose its own address.
 */
export const CLIENT_IP_HEADER = "x-rentwell-client-ip";

/** The client's IP address for rate limiting and session records; "unknown" when there is none. */
export function clientIp(request: Request): string {
  const value = request.headers.get(CLIENT_IP_HEADER)?.trim();
  if (!value) return "unknown";
  const address = value.startsWith("::ffff:") && isIP(value.slice(7)) === 4 ? value.slice(7) : value;
  return isIP(address) ? address : "unknown";
}
