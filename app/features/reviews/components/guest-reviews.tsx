import { msg, plural } from "@lingui/core/macro";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import type { GuestReviews } from "../reviews.server";
import { ReviewPager } from "./review-pager";
import { Stars } from "./stars";

const dateText = (date: Date | string, locale: string) =>
  new Date(date).toLocaleDateString(locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * "Reviews from hosts" on a member's profile page (issue #28 point 5, ADR 0272): what
 * hosts wrote about them as a guest, published reviews only, with their mean, a page at a
 * time (?reviews=N, the space page's pager). Nothing when there are none.
 */
export function GuestReviewsSection({ reviews }: { reviews: GuestReviews }) {
  const _ = useTranslate();
  const locale = useLocale();
  if (reviews.total === 0) return null;
  const total = reviews.total;
  const average =
    reviews.average?.toLocaleString(locale, {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    }) ?? "";
  return (
    <section aria-labelledby="guest-reviews">
      <h2 id="guest-reviews" className="font-semibold text-slate-900">
        {_(msg`Reviews from hosts`)}
      </h2>
      <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
        {reviews.average !== null && (
          <Stars rating={Math.round(reviews.average)} />
        )}
        <span>
          {_(
            msg`${average} · ${plural(total, { one: "# review as a guest", other: "# reviews as a guest" })}`,
          )}
        </span>
      </p>
      <ul className="mt-3 space-y-3">
        {reviews.items.map((review) => (
          <li
            key={review.id}
            className="rounded-xl border border-slate-200 px-4 py-3"
            data-testid="guest-review"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <Stars rating={review.rating} />
              <span className="font-medium text-slate-900">
                {review.authorName}
              </span>
              <span className="text-slate-500">
                {dateText(review.publishedAt, locale)}
              </span>
            </div>
            {review.comment && (
              <p dir="auto" className="mt-2 text-sm break-words whitespace-pre-line text-slate-700">
                {review.comment}
              </p>
            )}
          </li>
        ))}
      </ul>
      <ReviewPager
        page={reviews.page}
        pageCount={reviews.pageCount}
        href={(to) => (to > 1 ? `?reviews=${to}` : "?")}
        label={_(msg`Pages of reviews from hosts`)}
      />
    </section>
  );
}
