import { msg } from "@lingui/core/macro";
import { ArrowLeft } from "lucide-react";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { Link } from "react-router";
import { findPost, formatPostDate, relatedPosts, type BlogBlock } from "~/features/content/blog/blog";
import { PostCard, PostMeta, PostTags } from "~/features/content/blog/components/post-card";
import { localizePost } from "~/features/content/blog/posts.server";
import { pageLocale } from "~/features/i18n/request-i18n.server";
import { GeneralErrorBoundary, NotFoundPage } from "~/features/shell/components/general-error-boundary";
import { notFound } from "~/lib/http";
import { NOT_FOUND_TEXT } from "~/lib/messages";
import { NewsletterForm } from "~/features/content/newsletter/components/newsletter-form";
import { absoluteUrl, pageMeta, siteUrlFrom, SITE_NAME } from "~/lib/seo";
import { JsonLd } from "~/ui/json-ld";
import type { Route } from "./+types/blog-post";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export async function loader({ params, request }: Route.LoaderArgs) {
  const post = findPost(params.slug);
  if (!post) notFound(NOT_FOUND_TEXT.post);
  // The post in the page's language, as the root decides it (ADR 0293, issue #31).
  const locale = await pageLocale(request);
  return { post: localizePost(post, locale), related: relatedPosts(post).map((other) => localizePost(other, locale)) };
}

export const meta: Route.MetaFunction = ({ matches, data: loaderData, params }) => {
  if (!loaderData) {
    return pageMeta({
      title: translatable("Post Not Found"),
      // prettier-ignore
      description: translatable("The blog post you are looking for does not exist. Browse all posts on the Rentwell blog."),
      path: `/blog/${params.slug ?? ""}`,
      matches,
      noIndex: true,
    });
  }
  const { post } = loaderData;
  return [
    ...pageMeta({ title: post.title, description: post.excerpt, path: `/blog/${post.slug}`, matches, image: post.image, type: "article" }),
    { property: "article:published_time", content: post.date },
    { property: "article:author", content: post.author.name },
    { property: "article:section", content: post.category },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
};

function Block({ block }: { block: BlogBlock }) {
  if ("h2" in block) return <h2>{block.h2}</h2>;
  if ("ul" in block)
    return (
      <ul>
        {block.ul.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  return <p>{block.p}</p>;
}

export default function BlogPostPage({ loaderData, matches }: Route.ComponentProps) {
  const _ = useTranslate();
  const locale = useLocale();
  const { post, related } = loaderData;
  const published = formatPostDate(post.date, locale);
  const author = post.author.name;
  const siteUrl = siteUrlFrom(matches);
  const url = absoluteUrl(siteUrl, `/blog/${post.slug}`);
  const structured = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    image: absoluteUrl(siteUrl, post.image),
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    author: { "@type": "Person", name: post.author.name, jobTitle: post.author.role },
    publisher: { "@type": "Organization", name: SITE_NAME, logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, "/favicon.svg") } },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    articleSection: post.category,
    keywords: post.tags.join(", "),
    timeRequired: `PT${post.readMinutes}M`,
    url,
  };
  return (
    <>
      <JsonLd data={structured} />
      <article>
        <header className="mx-auto max-w-3xl px-4 pt-8 sm:px-6">
          <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" /> {_(msg`Back to Blog`)}
          </Link>
          <p className="mt-6 text-sm font-semibold tracking-wide text-brand-700 uppercase">{_(post.category)}</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{post.title}</h1>
          <p className="mt-4 text-lg text-slate-600">{post.excerpt}</p>
          <PostMeta post={post} className="mt-5" />
          <p className="mt-1 text-sm text-slate-600">{post.author.role}</p>
          <div className="mt-4">
            <PostTags tags={post.tags} />
          </div>
        </header>
        <img
          src={post.image}
          alt={post.imageAlt}
          width={1200}
          height={800}
          fetchPriority="high"
          className="mx-auto mt-8 aspect-[3/2] w-full max-w-4xl object-cover sm:rounded-2xl"
        />
        <div className="mx-auto max-w-3xl px-4 py-8 text-lg leading-8 text-slate-700 sm:px-6 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_li]:mt-2 [&_p]:mt-5 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:ps-6">
          {post.body.map((block, index) => (
            <Block key={index} block={block} />
          ))}
          <p className="!mt-10 text-base text-slate-600">
            {_(msg`Published ${published} by ${author}.`)}
          </p>
        </div>
      </article>
      <aside aria-labelledby="related-heading" className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="related-heading" className="text-2xl font-bold text-slate-900">
          {_(msg`Keep reading`)}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {related.map((other) => (
            <li key={other.slug}>
              <PostCard post={other} />
            </li>
          ))}
        </ul>
        <div className="mt-12 rounded-2xl bg-slate-50 p-6 sm:p-10">
          <NewsletterForm
            source="blog"
            heading={translatable("Get the next post by e-mail")}
            description={translatable("New articles, host tips and city guides once or twice a month. Unsubscribe any time.")}
          />
        </div>
      </aside>
    </>
  );
}

/** docs/product.md#blog: other slugs show 'Post Not Found' with a link to /blog. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => <PostNotFound />,
      }}
    />
  );
}

function PostNotFound() {
  const _ = useTranslate();
  return <NotFoundPage title={_(NOT_FOUND_TEXT.post)} text={_(msg`The post you're looking for doesn't exist or has been moved.`)} link={{ to: "/blog", label: translatable("Back to Blog") }} />;
}
