import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { Banknote } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { PayoutAccountView } from "../earnings.server";

const STATE_TEXT = {
  not_connected: {
    badge: translatable("Not connected"),
    tone: "neutral",
    next: translatable("Connect a payout account to receive your earnings. Payouts are sent 24 hours after each booking ends."),
    action: translatable("Connect payout account"),
  },
  incomplete: {
    badge: translatable("Onboarding not finished"),
    tone: "warning",
    next: translatable("Your payout account is connected, but onboarding is not finished. Finish it to receive your payouts."),
    action: translatable("Finish onboarding"),
  },
  complete: {
    badge: translatable("Connected"),
    tone: "success",
    next: translatable("Your payout account is ready. Payouts are sent 24 hours after each booking ends."),
    action: translatable("Update bank details"),
  },
} as const;

/**
 * The payout account in its three states (docs/product.md#fees) with the next step.
 * The button posts to /payouts/connect, which opens the account with the provider if
 * needed and sends the browser to the provider's onboarding.
 */
export function PayoutSetupCard({ account, headingLevel = 2 }: { account: PayoutAccountView; headingLevel?: 2 | 3 }) {
  const _ = useTranslate();
  const text = STATE_TEXT[account.state];
  const last4 = account.accountLast4 ?? "";
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/payouts/connect";
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Card className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id="payout-setup-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Banknote aria-hidden="true" className="size-5 text-brand-700" /> {_(msg`Payout account`)}
        </Heading>
        <Badge tone={text.tone}>{_(text.badge)}</Badge>
      </div>
      <p className="text-sm text-slate-700">{_(text.next)}</p>
      {account.state !== "not_connected" && account.accountLast4 && (
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{account.accountHolder}</span> · {_(msg`account ending ${last4}`)}
          {account.currency ? ` · ${account.currency}` : ""}
        </p>
      )}
      <Form method="post" action="/payouts/connect">
        <Button type="submit" size="md" variant={account.state === "complete" ? "secondary" : "primary"} pending={pending} pendingText={_(msg`Opening…`)}>
          {_(text.action)}
        </Button>
      </Form>
    </Card>
  );
}
