import { renderSitemapXml, sitemapEntries } from "~/features/content/sitemap/sitemap-xml.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";

export async function loader() {
  const db = await getDb();
  const xml = renderSitemapXml(env().SITE_URL, await sitemapEntries(db));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
