import { msg } from "@lingui/core/macro";
import { Link } from "react-router";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { PageHero } from "~/features/content/components/page-hero";
import { SITEMAP_GROUPS } from "~/features/content/sitemap/site-pages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/sitemap";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("Sitemap"),
    // prettier-ignore
    description: translatable("Every page of Rentwell in one place: main pages, your account, company, support, legal and popular cities."),
    path: "/sitemap",
    matches,
  });

/** "User Account" → "group-user-account": an id without spaces, so aria-labelledby names the section. */
function groupId(title: string) {
  return `group-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}

export default function Sitemap() {
  const _ = useTranslate();
  return (
    <>
      <PageHero eyebrow={_(msg`Sitemap`)} title={_(msg`Sitemap`)} lead={_(msg`Every page of Rentwell in one place.`)} />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-3">
        {SITEMAP_GROUPS.map((group) => (
          <section key={group.title} aria-labelledby={groupId(group.title)}>
            <h2 id={groupId(group.title)} className="text-lg font-bold text-slate-900">
              {_(group.title)}
            </h2>
            <ul className={`mt-3 space-y-2 ${group.links.length > 10 ? "columns-2 gap-6" : ""}`}>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-brand-700 hover:underline">
                    {_(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p className="mx-auto max-w-5xl px-4 text-sm text-slate-600 sm:px-6">
        {_(msg`For search engines:`)}{" "}
        <a href="/sitemap.xml" className="text-brand-700 underline">
          sitemap.xml
        </a>
      </p>
    </>
  );
}
