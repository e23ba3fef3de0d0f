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
  if (state?.kind === "can-review") return <WriteReviewDialog bookingId={bookingId} spaceTitle={spaceTitle} role={state.role} guestName={guestName} />;
  if (state?.kind === "reviewed") {
    const other = state.role === "guest" ? "the host writes theirs" : `${guestName ?? "your guest"} writes theirs`;
    return (
      <div className="text-sm text-slate-700" data-testid="your-review">
        <p className="flex items-center gap-2">
          {state.role === "guest" ? "Your review" : "Your review of the guest"} <Stars rating={state.rating} />
        </p>
        {state.hiddenUntil && (
          <p className="text-slate-600">
            Only you can see it for now. It will be shown when {other}, or on {reviewDateText(state.hiddenUntil)}.
          </p>
        )}
      </div>
    );
  }
  return null;
}
