import type { ReviewState } from "../reviews.server";
import { Stars } from "./stars";
import { WriteReviewDialog } from "./write-review-dialog";

/** On a /my-bookings row: "Write a review" while the stay can be reviewed, the rating once it is (ADR 0171). */
export function BookingReviewAction({ state, bookingId, spaceTitle }: { state: ReviewState | undefined; bookingId: string; spaceTitle: string }) {
  if (state?.kind === "can-review") return <WriteReviewDialog bookingId={bookingId} spaceTitle={spaceTitle} />;
  if (state?.kind === "reviewed") {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-700">
        Your review <Stars rating={state.rating} />
      </p>
    );
  }
  return null;
}
