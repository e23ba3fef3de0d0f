import { readExport } from "~/features/account-security/data-export.server";
import { SECURITY_TEXT } from "~/features/account-security/security-form";
import { requireUser } from "~/features/auth/session.server";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import type { Route } from "./+types/security-export";

/**
 * GET /profile/security/export/{id} (issue #29 point 5, ADR 0247): the member's own data
 * export as a JSON download, for 24 hours. Signed-out visitors go to / (and come back
 * through the e-mail's link once signed in); someone else's export, a made-up id and an
 * expired one all answer the same 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const content = await readExport(await getDb(), user.id, params.id, requestNow(request));
  if (!content) {
    return new Response(translate(await requestI18n(request), SECURITY_TEXT.exportGone), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const day = requestNow(request).toISOString().slice(0, 10);
  return new Response(content, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="rentwell-data-${day}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
