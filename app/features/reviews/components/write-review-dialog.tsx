import { useState } from "react";
import { useFetcher } from "react-router";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Dialog, DialogClose, DialogContent } from "~/ui/dialog";
import { Field } from "~/ui/field";
import { Select, Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { REVIEW_TEXT_MAX, reviewSchema } from "../review-rules";
import type { ReviewActionData } from "../review-rules";

const RATING_OPTIONS = [
  { value: "5", label: "5 stars — Excellent" },
  { value: "4", label: "4 stars — Good" },
  { value: "3", label: "3 stars — Okay" },
  { value: "2", label: "2 stars — Poor" },
  { value: "1", label: "1 star — Terrible" },
];

const validateReview = (formData: FormData) => parseForm(reviewSchema, formData);

const COPY = {
  guest: {
    button: "Write a review",
    title: "Write a review",
    description: (spaceTitle: string) =>
      `How was ${spaceTitle}? Your review is shown on the listing with your name once the host has reviewed you too, or 14 days after your stay.`,
  },
  host: {
    button: "Review guest",
    title: "Review your guest",
    description: (spaceTitle: string, guestName: string | null) =>
      `How was ${guestName ? `${guestName} as a guest` : "your guest"} at ${spaceTitle}? Your review is shown on their profile with your name once they have reviewed their stay too, or 14 days after it.`,
  },
};

/**
 * "Write a review" on a finished stay in /my-bookings (ADR 0171), or "Review guest" on the
 * host's dashboard row (ADR 0272): a dialog with the rating and an optional comment,
 * checked in the browser and again by POST /api/bookings/:id/review. On success the
 * page's data reloads and the row shows the review.
 */
export function WriteReviewDialog({
  bookingId,
  spaceTitle,
  role = "guest",
  guestName = null,
}: {
  bookingId: string;
  spaceTitle: string;
  role?: "guest" | "host";
  guestName?: string | null;
}) {
  const copy = COPY[role];
  const fetcher = useFetcher<ReviewActionData>();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<"rating" | "comment">({
    validate: validateReview,
    serverErrors: result && !result.ok ? result.fieldErrors : undefined,
  });
  if (result?.ok) {
    return (
      <p role="status" className="text-sm font-medium text-emerald-800">
        Thank you for your review!
      </p>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)} disabled={!hydrated}>
        {copy.button}
      </Button>
      <DialogContent title={copy.title} size="md" description={copy.description(spaceTitle, guestName)}>
        <fetcher.Form ref={formRef} method="post" action={`/api/bookings/${bookingId}/review`} noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          {result && !result.ok && result.error && <Alert tone="error">{result.error}</Alert>}
          <Field label="Rating" error={errors.rating} required>
            <Select name="rating" defaultValue="" onChange={() => clearError("rating")}>
              <option value="" disabled>
                Choose a rating
              </option>
              {RATING_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Your review" error={errors.comment} hint={`Optional, up to ${REVIEW_TEXT_MAX.toLocaleString("en-US")} characters.`}>
            <Textarea name="comment" rows={5} maxLength={REVIEW_TEXT_MAX} onChange={() => clearError("comment")} />
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" size="md">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" size="md" pending={fetcher.state !== "idle"} pendingText="Sending...">
              Publish review
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
