import { sitemapXml } from "~/features/content/sitemap/sitemap-xml.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { DEFAULT_LOCALE, localeOfPath } from "~/lib/locales";
import type { Route } from "./+types/sitemap-xml";

/** GET /sitemap.xml in English, /es/sitemap.xml in Spanish, …: one sitemap per language (ADR 0293). */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname) ?? DEFAULT_LOCALE;
  const xml = await sitemapXml(await getDb(), env().SITE_URL, undefined, locale);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
