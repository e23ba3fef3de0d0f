import { TERMS_LAST_UPDATED_ISO, termsMarkdown } from "~/features/content/legal/terms";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { formatDate } from "~/lib/dates";
import type { Route } from "./+types/terms-md";

/** 'Download Full Terms': the terms as a Markdown file, in the request's language (ADR 0294). */
export async function loader({ request }: Route.LoaderArgs) {
  const i18n = await requestI18n(request);
  const lastUpdated = formatDate(TERMS_LAST_UPDATED_ISO, i18n.locale, { dateStyle: "long", timeZone: "UTC" });
  return new Response(termsMarkdown((text) => translate(i18n, text), lastUpdated), {
    headers: {
      "Content-Type": "text/markdown; charset=utf-8",
      "Content-Disposition": 'attachment; filename="rentwell-terms-of-service.md"',
      "Cache-Control": "public, max-age=3600",
    },
  });
}
