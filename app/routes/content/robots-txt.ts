import { renderRobotsTxt } from "~/features/content/sitemap/sitemap-xml.server";
import { env } from "~/lib/env.server";

export function loader() {
  return new Response(renderRobotsTxt(env().SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
