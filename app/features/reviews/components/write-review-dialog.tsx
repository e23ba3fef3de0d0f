import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useState } from "react";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
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

const RATING_OPTIONS: { value: string; label: MessageDescriptor }[] = [
  { value: "5", label: msg`5 stars — Excellent` },
  { value: "4", label: msg`4 stars — Good` },
  { value: "3", label: msg`3 stars — Okay` },
  { value: "2", label: msg`2 stars — Poor` },
  { value: "1", label: msg`1 star — Terrible` },
];

const validateReview = (formData: FormData) =>
  parseForm(reviewSchema, formData);

const COPY = {
  guest: {
    button: msg`Write a review`,
    title: msg`Write a review`,
    description: (spaceTitle: string): MessageDescriptor =>
      msg`How was ${spaceTitle}? Your review is shown on the listing with your name once the host has reviewed you too, or 14 days after your stay.`,
  },
  host: {
    button: msg`Review guest`,
    title: msg`Review your guest`,
    description: (
      spaceTitle: string,
      guestName: string | null,
    ): MessageDescriptor =>
      guestName
        ? msg`How was ${guestName} as a guest at ${spaceTitle}? Your review is shown on their profile with your name once they have reviewed their stay too, or 14 days after it.`
        : msg`How was your guest at ${spaceTitle}? Your review is shown on their profile with your name once they have reviewed their stay too, or 14 days after it.`,
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
  const _ = useTranslate();
  const locale = useLocale();
  const max = REVIEW_TEXT_MAX.toLocaleString(locale);
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<
    "rating" | "comment"
  >({
    validate: validateReview,
    serverErrors: result && !result.ok ? result.fieldErrors : undefined,
  });
  if (result?.ok) {
    return (
      <p role="status" className="text-sm font-medium text-emerald-800">
        {_(msg`Thank you for your review!`)}
      </p>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={!hydrated}
      >
        {_(copy.button)}
      </Button>
      <DialogContent
        title={_(copy.title)}
        size="md"
        description={_(copy.description(spaceTitle, guestName))}
      >
        <fetcher.Form
          ref={formRef}
          method="post"
          action={`/api/bookings/${bookingId}/review`}
          noValidate
          onSubmit={onSubmit}
          className="mt-4 space-y-4"
        >
          {result && !result.ok && result.error && (
            <Alert tone="error">{_(result.error)}</Alert>
          )}
          <Field label={_(msg`Rating`)} error={errors.rating} required>
            <Select
              name="rating"
              defaultValue=""
              onChange={() => clearError("rating")}
            >
              <option value="" disabled>
                {_(msg`Choose a rating`)}
              </option>
              {RATING_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {_(option.label)}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={_(msg`Your review`)}
            error={errors.comment}
            hint={_(msg`Optional, up to ${max} characters.`)}
          >
            <Textarea
              name="comment"
              rows={5}
              maxLength={REVIEW_TEXT_MAX}
              onChange={() => clearError("comment")}
            />
          </Field>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" size="md">
                {_(msg`Cancel`)}
              </Button>
            </DialogClose>
            <Button
              type="submit"
              size="md"
              pending={fetcher.state !== "idle"}
              pendingText={_(msg`Sending...`)}
            >
              {_(msg`Publish review`)}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
