import { msg, plural } from "@lingui/core/macro";
import { ArrowRight } from "lucide-react";
import { i18nFor, loadAllCatalogs, translate } from "~/features/i18n/i18n";
import { pageLocale } from "~/features/i18n/request-i18n.server";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { Link } from "react-router";
import {
  ALL_POSTS_LABEL,
  BLOG_CATEGORIES,
  blogListing,
  categoryFromSlug,
  categorySlug,
} from "~/features/content/blog/blog";
import { PostCard, PostMeta, PostTags } from "~/features/content/blog/components/post-card";
import { postsIn } from "~/features/content/blog/posts.server";
import { PageHero } from "~/features/content/components/page-hero";
import { NewsletterForm } from "~/features/content/newsletter/components/newsletter-form";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog";
import { buttonVariants } from "~/ui/button";
import { toggleChipVariants } from "~/ui/toggle-chip";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const categoryParam = url.searchParams.get("category");
  const category = categoryFromSlug(categoryParam);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  // The page's language, as the root decides it (ADR 0293): the posts in it (issue #31).
  const locale = await pageLocale(request);
  const listing = blogListing(postsIn(locale), { category, page });
  // A category's page title and description, in the page's language (ADR 0294).
  let categoryMeta: { title: string; description: string } | null = null;
  if (category) {
    await loadAllCatalogs(locale);
    const i18n = i18nFor(locale);
    const name = translate(i18n, category);
    const topic = name.toLocaleLowerCase(i18n.locale);
    categoryMeta = {
      title: translate(i18n, msg`${name} — Blog`),
      description: translate(i18n, msg`Rentwell blog posts about ${topic}: guides and ideas for renting and hosting spaces, vehicles and equipment.`),
    };
  }
  return { ...listing, category, categorySlug: category ? categorySlug(category) : null, categoryMeta };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta({
    title: data?.categoryMeta ? data.categoryMeta.title : translatable("Blog"),
    description: data?.categoryMeta
      ? data.categoryMeta.description
      : translatable("Industry trends, host tips, city guides and ideas for renting and hosting spaces, vehicles and equipment, from the Rentwell team."),
    path: data?.categorySlug ? `/blog?category=${data.categorySlug}` : "/blog",
    matches,
    image: "/demo/loft-1.webp",
  });

function pageLink(categorySlugValue: string | null, page: number) {
  const params = new URLSearchParams();
  if (categorySlugValue) params.set("category", categorySlugValue);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { featured, posts, hasMore, page, category, categorySlug: activeSlug, total } = loaderData;
  const _ = useTranslate();
  const chips = [{ slug: null as string | null, label: ALL_POSTS_LABEL }, ...BLOG_CATEGORIES];
  const shown = posts.length;
  return (
    <>
      <PageHero
        eyebrow={_(msg`Rentwell Blog`)}
        title={_(msg`Insights, tips and stories from the rental world`)}
        lead={_(msg`Trends in the sharing economy, practical advice for hosts, city guides and ideas for making the most of every rental.`)}
      />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <nav aria-label={_(msg`Blog categories`)}>
          <ul className="flex gap-2 overflow-x-auto pb-2 sm:flex-wrap">
            {chips.map((chip) => {
              const active = (chip.slug ?? null) === activeSlug;
              return (
                <li key={chip.label} className="shrink-0">
                  <Link
                    to={pageLink(chip.slug, 1)}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={toggleChipVariants({ selected: active, className: "font-medium" })}
                  >
                    {_(chip.label)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        {featured && (
          <section aria-labelledby="featured-heading" className="mt-8">
            <h2 id="featured-heading" className="sr-only">
              {_(msg`Featured post`)}
            </h2>
            <article className="relative grid overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm md:grid-cols-2">
              <img
                src={featured.image}
                alt={featured.imageAlt}
                width={1200}
                height={800}
                className="aspect-[3/2] h-full w-full object-cover"
                fetchPriority="high"
              />
              <div className="flex flex-col justify-center p-6 sm:p-10">
                <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{_(msg`Featured`)} · {_(featured.category)}</p>
                <h3 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">
                  <Link to={`/blog/${featured.slug}`} className="after:absolute after:inset-0 hover:underline">
                    {featured.title}
                  </Link>
                </h3>
                <p className="mt-3 text-slate-600">{featured.excerpt}</p>
                <PostMeta post={featured} className="mt-5" />
                <div className="relative mt-3">
                  <PostTags tags={featured.tags} />
                </div>
                <p className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700">
                  {_(msg`Read article`)} <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                </p>
              </div>
            </article>
          </section>
        )}

        <section aria-labelledby="posts-heading" className="mt-10">
          <h2 id="posts-heading" className="text-2xl font-bold text-slate-900">
            {category ? _(category) : _(msg`Latest posts`)}
          </h2>
          <p className="mt-1 text-sm text-slate-600" role="status">
            {_(msg`Showing ${shown} of ${plural(total, { one: "# post", other: "# posts" })}`)}
          </p>
          {posts.length > 0 ? (
            <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post) => (
                <li key={post.slug}>
                  <PostCard post={post} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 text-slate-600">{_(msg`No posts in this category yet.`)}</p>
          )}
          {hasMore && (
            <div className="mt-8 text-center">
              <Link
                to={pageLink(activeSlug, page + 1)}
                preventScrollReset
                className={buttonVariants({ variant: "secondary" })}
              >
                {_(msg`Load More`)}
              </Link>
            </div>
          )}
        </section>

        <section className="mt-14 rounded-2xl bg-brand-800 p-6 sm:p-10">
          <NewsletterForm
            source="blog"
            tone="dark"
            heading={translatable("Never miss a post")}
            description={translatable("Get new articles, host tips and city guides in your inbox. No spam; unsubscribe any time.")}
          />
        </section>
      </div>
    </>
  );
}
