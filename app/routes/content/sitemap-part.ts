import { sitemapPartXml } from "~/features/content/sitemap/sitemap-xml.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { DEFAULT_LOCALE, localeOfPath } from "~/lib/locales";
import type { Route } from "./+types/sitemap-part";

/** GET /sitemaps/{pages.xml | spaces-N.xml}: the files a sitemap index points at. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? DEFAULT_LOCALE;
  const xml = await sitemapPartXml(await getDb(), env().SITE_URL, params.file, undefined, locale);
  if (xml === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
