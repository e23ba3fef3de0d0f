import { msg } from "@lingui/core/macro";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { reviewDateText } from "../review-rules";
import type { ReviewState } from "../reviews.server";
import { Stars } from "./stars";
import { WriteReviewDialog } from "./write-review-dialog";

/**
 * On a /my-bookings or dashboard row: "Write a review" (the guest) or "Review guest" (the
 * host) while the stay can be reviewed; the rating once it is, and — double-blind, ADR
 * 0272 — until it is shown to others, when it will be.
 */
export function BookingReviewAction({
  state,
  bookingId,
  spaceTitle,
  guestName = null,
}: {
  state: ReviewState | undefined;
  bookingId: string;
  spaceTitle: string;
  guestName?: string | null;
}) {
  const _ = useTranslate();
  const locale = useLocale();
  if (state?.kind === "can-review")
    return (
      <WriteReviewDialog
        bookingId={bookingId}
        spaceTitle={spaceTitle}
        role={state.role}
        guestName={guestName}
      />
    );
  if (state?.kind === "reviewed") {
    const date = state.hiddenUntil
      ? reviewDateText(state.hiddenUntil, locale)
      : "";
    const guest = guestName;
    return (
      <div className="text-sm text-slate-700" data-testid="your-review">
        <p className="flex items-center gap-2">
          {state.role === "guest"
            ? _(msg`Your review`)
            : _(msg`Your review of the guest`)}{" "}
          <Stars rating={state.rating} />
        </p>
        {state.hiddenUntil && (
          <p className="text-slate-600">
            {state.role === "guest"
              ? _(
                  msg`Only you can see it for now. It will be shown when the host writes theirs, or on ${date}.`,
                )
              : guest
                ? _(
                    msg`Only you can see it for now. It will be shown when ${guest} writes theirs, or on ${date}.`,
                  )
                : _(
                    msg`Only you can see it for now. It will be shown when your guest writes theirs, or on ${date}.`,
                  )}
          </p>
        )}
      </div>
    );
  }
  return null;
}
