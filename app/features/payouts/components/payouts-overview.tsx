import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { Link } from "react-router";
import { buttonVariants } from "~/ui/button";
import { Card } from "~/ui/card";
import type { EarningsTotals, PayoutAccountView } from "../earnings.server";
import { EarningsTotalsTable } from "./earnings-totals";
import { PayoutSetupCard } from "./payout-setup-card";

/** The dashboard's payout section: the payout account card and the earnings per currency, linking to /payouts. */
export function PayoutsOverview({ overview }: { overview: { account: PayoutAccountView; totals: EarningsTotals[] } }) {
  const _ = useTranslate();
  return (
    <section aria-labelledby="payouts-overview-heading" className="mt-10">
      <h2 id="payouts-overview-heading" className="text-2xl font-bold text-slate-900">
        {_(msg`Payouts`)}
      </h2>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <PayoutSetupCard account={overview.account} headingLevel={3} />
        <Card className="flex min-w-0 flex-col gap-4">
          <h3 className="text-lg font-semibold text-slate-900">{_(msg`Earnings`)}</h3>
          <EarningsTotalsTable totals={overview.totals} caption={_(msg`Your earnings per currency`)} />
          <Link to="/payouts" className={buttonVariants({ variant: "link", size: "text", className: "self-start" })}>
            {_(msg`See all payouts`)}
          </Link>
        </Card>
      </div>
    </section>
  );
}
