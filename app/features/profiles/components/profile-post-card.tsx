import { msg } from "@lingui/core/macro";
import { Pin } from "lucide-react";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { Badge } from "~/ui/badge";
import { POST_TYPE_LABELS } from "../profile-form";
import type { ProfilePostRow } from "../profile.server";
import { formatDate } from "~/lib/dates";

/** A post's date, e.g. 'November 25, 2026' (UTC, the same on server and browser). */
export function PostDate({
  iso,
  className,
}: {
  iso: string;
  className?: string;
}) {
  const locale = useLocale();
  return (
    <time dateTime={iso} className={className}>
      {formatDate(iso, locale, {
        month: "long",
        day: "numeric",
        year: "numeric",
        timeZone: "UTC",
      })}
    </time>
  );
}

/** A profile post's badges, date, title and text: as visitors see it on the host page, and in the owner's editor. */
export function PostBody({
  post,
  headingLevel = 3,
}: {
  post: ProfilePostRow;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const _ = useTranslate();
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        {post.isPinned && (
          <Badge tone="brand">
            <Pin className="size-3" aria-hidden="true" /> {_(msg`Pinned`)}
          </Badge>
        )}
        <Badge tone="neutral">{_(POST_TYPE_LABELS[post.type])}</Badge>
        <PostDate iso={post.createdAt} className="text-xs text-slate-500" />
      </div>
      <Heading className="mt-2 font-semibold break-words text-slate-900">
        {post.title}
      </Heading>
      <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
        {post.content}
      </p>
    </>
  );
}

/** A profile post as visitors see it on the public host page. */
export function ProfilePostCard({
  post,
  headingLevel = 3,
}: {
  post: ProfilePostRow;
  headingLevel?: 3 | 4;
}) {
  return (
    <article className="rounded-xl border border-slate-200 p-4">
      <PostBody post={post} headingLevel={headingLevel} />
    </article>
  );
}
