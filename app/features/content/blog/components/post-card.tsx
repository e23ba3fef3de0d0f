import { msg } from "@lingui/core/macro";
import { Calendar, Clock } from "lucide-react";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { TaggedText } from "~/features/content/components/tagged-text";
import { Link } from "react-router";
import { formatPostDate, type BlogPost } from "../blog";

export function PostMeta({ post, className = "" }: { post: BlogPost; className?: string }) {
  const _ = useTranslate();
  const locale = useLocale();
  const author = post.author.name;
  const minutes = post.readMinutes;
  return (
    <p className={`flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600 ${className}`}>
      <span>
        <TaggedText text={_(msg`By <0>${author}</0>`)} tags={[(name) => <span className="font-medium text-slate-800">{name}</span>]} />
      </span>
      <span className="inline-flex items-center gap-1">
        <Calendar aria-hidden="true" className="size-4" />
        <time dateTime={post.date}>{formatPostDate(post.date, locale)}</time>
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="size-4" />
        {_(msg`${minutes} min read`)}
      </span>
    </p>
  );
}

export function PostTags({ tags }: { tags: readonly string[] }) {
  const _ = useTranslate();
  return (
    <ul className="flex flex-wrap gap-2" aria-label={_(msg`Tags`)}>
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          #{tag}
        </li>
      ))}
    </ul>
  );
}

/** A post in the /blog grid; the whole card is one link to the post. */
export function PostCard({ post, headingLevel = 3 }: { post: BlogPost; headingLevel?: 2 | 3 }) {
  const _ = useTranslate();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <img src={post.image} alt={post.imageAlt} width={600} height={400} loading="lazy" decoding="async" className="aspect-[3/2] w-full object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">{_(post.category)}</p>
        <Heading className="mt-2 text-lg font-bold text-slate-900">
          <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-sm text-slate-600">{post.excerpt}</p>
        <PostMeta post={post} className="mt-4" />
        <div className="relative mt-3">
          <PostTags tags={post.tags} />
        </div>
      </div>
    </article>
  );
}
