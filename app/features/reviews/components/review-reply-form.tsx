import { msg } from "@lingui/core/macro";
import { useFetcher } from "react-router";
import { useTranslate } from "~/features/i18n/use-translate";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Textarea } from "~/ui/input";
import { useHydrated } from "~/ui/use-hydrated";
import { REVIEW_TEXT_MAX, replySchema } from "../review-rules";
import type { ReplyActionData } from "../review-rules";

const validateReply = (formData: FormData) => parseForm(replySchema, formData);

/** The owner's answer to a review, under it on the space page; once per review (ADR 0171). */
export function ReviewReplyForm({ reviewId }: { reviewId: string }) {
  const fetcher = useFetcher<ReplyActionData>();
  const hydrated = useHydrated();
  const _ = useTranslate();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const { formRef, errors, onSubmit, clearError } = useFormErrors<"reply">({
    validate: validateReply,
    serverErrors: result && !result.ok ? result.fieldErrors : undefined,
  });
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={`/api/reviews/${reviewId}/reply`}
      noValidate
      onSubmit={onSubmit}
      className="mt-3 space-y-2 border-t border-slate-100 pt-3"
    >
      {result && !result.ok && result.error && (
        <Alert tone="error">{_(result.error)}</Alert>
      )}
      <Field
        label={_(msg`Answer this review`)}
        error={errors.reply}
        hint={_(msg`Your answer is public and can be written once.`)}
      >
        {/* Not before the form works: the form arrives in its own chunk, and text typed into the
            server's copy before it is ready would be lost when it takes over (ADR 0093). */}
        <Textarea
          name="reply"
          rows={3}
          maxLength={REVIEW_TEXT_MAX}
          disabled={!hydrated}
          onChange={() => clearError("reply")}
        />
      </Field>
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={!hydrated}
        pending={fetcher.state !== "idle"}
        pendingText={_(msg`Sending...`)}
      >
        {_(msg`Post answer`)}
      </Button>
    </fetcher.Form>
  );
}
