import { sitemapXml } from "~/features/content/sitemap/sitemap-xml.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";

export async function loader() {
  const xml = await sitemapXml(await getDb(), env().SITE_URL);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}
