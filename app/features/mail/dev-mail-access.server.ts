import { isIP } from "node:net";
import { getUser } from "~/features/auth/session.server";
import { clientIp } from "~/features/security/client-ip.server";
import { env } from "~/lib/env.server";
import { notFound } from "~/lib/http";

/**
 * Who may read /dev/mail (issue #29, ADR 0242): its e-mails hold password-reset and
 * verification links, addresses and booking totals. Nobody in production; otherwise a
 * client on this machine (a loopback address, as the HTTP server resolved it, so behind a
 * trusted proxy the forwarded address counts: TRUST_PROXY) or a signed-in admin. Anyone
 * else gets the same 404 as a page that does not exist.
 */
export function isLoopback(ip: string): boolean {
  if (isIP(ip) === 4) return ip.startsWith("127.");
  return isIP(ip) === 6 && ip.toLowerCase().replace(/^(0{0,4}:){1,7}/, "::") === "::1";
}

export async function requireDevMailReader(request: Request): Promise<void> {
  if (env().isProduction) notFound();
  if (isLoopback(clientIp(request))) return;
  const user = await getUser(request);
  if (!user?.isAdmin) notFound();
}
