import { msg } from "@lingui/core/macro";
import { MailCheck } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { useState } from "react";
import { Button } from "~/ui/button";
import { postJson } from "./post-json";

/**
 * Shown on every page while the signed-in account's address is not verified (ADR 0241):
 * what it cannot do yet, and 'Resend' for a new link (rate-limited on the server). On every
 * page, so its texts are written here, in the home page's catalog (the same English as
 * ACCOUNT_EMAIL_TEXT's banner texts).
 */
export function EmailVerificationBanner({ email }: { email: string }) {
  const _ = useTranslate();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);

  async function resend() {
    setBusy(true);
    const result = await postJson("/auth/resend-verification", {});
    setBusy(false);
    setAnswer(result.ok ? { ok: true, text: result.message ?? _(msg`We sent a new link to ${email}. It works for 24 hours.`) } : { ok: false, text: result.error });
  }

  return (
    <div className="border-b border-amber-200 bg-amber-50 text-amber-900" data-testid="email-verification-banner">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-start gap-2">
          <MailCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{_(msg`Verify your e-mail address to book, list a space or receive payouts. We sent a link to ${email}.`)}</span>
        </p>
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <Button variant="secondary" size="sm" pending={busy} pendingText={_(msg`Sending…`)} onClick={() => void resend()}>
            {_(msg`Resend`)}
          </Button>
          <p role="status" className={answer?.ok === false ? "text-red-700" : undefined}>
            {answer ? _(answer.text) : null}
          </p>
        </div>
      </div>
    </div>
  );
}
