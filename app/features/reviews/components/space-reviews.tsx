import { BadgeCheck } from "lucide-react";
import { msg } from "@lingui/core/macro";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { lazy, Suspense } from "react";
import { monthYear } from "~/features/listings/space-detail";
import { Badge } from "~/ui/badge";
import { ReviewPager } from "./review-pager";
import { Stars } from "./stars";

// Only the listing's owner sees the reply form: a visitor's page does not load it (nor zod).
const ReviewReplyForm = lazy(() =>
  import("./review-reply-form").then((module) => ({
    default: module.ReviewReplyForm,
  })),
);

export type SpaceReview = {
  id: string;
  rating: number;
  comment: string | null;
  createdAt: string;
  authorName: string;
  verifiedStay: boolean;
  hostReply: string | null;
  hostRepliedAt: string | null;
};

type Props = {
  reviews: SpaceReview[];
  page: number;
  pageCount: number;
  isOwner: boolean;
  /** The page's ?id= (a listing that shares its address), kept on page links. */ listingId:
    string | null;
};

/**
 * The space page's reviews (docs/product.md#space-page): newest first, a page at a
 * time (?reviews=N), 'Verified stay' on reviews written through a booking, the host's
 * answer under a review, and for the owner a form to answer one. All text is shown as text.
 */
export function SpaceReviews({
  reviews,
  page,
  pageCount,
  isOwner,
  listingId,
}: Props) {
  const _ = useTranslate();
  const locale = useLocale();
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="text-xl font-semibold text-slate-900">
        {_(msg`Reviews`)}
      </h2>
      {reviews.length === 0 ? (
        <p className="mt-2 text-slate-600">{_(msg`No reviews yet.`)}</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {reviews.map((review) => (
            <li
              key={review.id}
              className="rounded-xl border border-slate-200 p-4"
              data-testid="review"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {review.authorName}
                  {review.verifiedStay && (
                    <Badge tone="success">
                      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                      {_(msg`Verified stay`)}
                    </Badge>
                  )}
                </p>
                <Stars rating={review.rating} />
              </div>
              <p className="text-sm text-slate-500">
                <time dateTime={review.createdAt}>
                  {monthYear(review.createdAt, locale)}
                </time>
              </p>
              {review.comment && (
                <p dir="auto" className="mt-2 break-words whitespace-pre-line text-slate-700">
                  {review.comment}
                </p>
              )}
              {review.hostReply ? (
                <div className="mt-3 rounded-lg bg-slate-50 p-3">
                  <p className="text-sm font-semibold text-slate-900">
                    {_(msg`Answer from the host`)}
                  </p>
                  <p dir="auto" className="mt-1 break-words whitespace-pre-line text-sm text-slate-700">
                    {review.hostReply}
                  </p>
                </div>
              ) : (
                isOwner && (
                  <Suspense fallback={null}>
                    <ReviewReplyForm reviewId={review.id} />
                  </Suspense>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      <ReviewPager
        page={page}
        pageCount={pageCount}
        href={(to) => `?${pageQuery(to, listingId)}`}
      />
    </section>
  );
}

/** Keeps the listing's ?id= (a non-primary listing) and sets the review page. */
function pageQuery(page: number, listingId: string | null): string {
  const params = new URLSearchParams();
  if (listingId) params.set("id", listingId);
  if (page > 1) params.set("reviews", String(page));
  return params.toString();
}
