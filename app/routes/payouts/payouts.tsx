import { i18nFor, translate } from "~/features/i18n/i18n";
import { msg } from "@lingui/core/macro";
import { Wallet } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { data } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { EarningsTotalsTable } from "~/features/payouts/components/earnings-totals";
import { PayoutList } from "~/features/payouts/components/payout-list";
import { PayoutSetupCard } from "~/features/payouts/components/payout-setup-card";
import { getHostEarnings, payoutAccountView } from "~/features/payouts/earnings.server";
import { getPayoutAccount } from "~/features/payouts/payouts.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { localeFrom, pageMeta } from "~/lib/seo";
import { clampPage } from "~/lib/uuid";
import { Alert } from "~/ui/alert";
import { Card } from "~/ui/card";
import { EmptyState } from "~/ui/empty-state";
import { Pager } from "~/ui/pager";
import type { Route } from "./+types/payouts";

/** /payouts: the host's earnings per currency and their payouts with bookings, one page at a time (signed-in only). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const page = clampPage(new URL(request.url).searchParams.get("page"));
  try {
    const db = await getDb();
    const [account, earnings] = await Promise.all([getPayoutAccount(db, user.id), getHostEarnings(db, user.id, { now: requestNow(request), page })]);
    return { error: null, account: payoutAccountView(account), ...earnings };
  } catch (error) {
    logger.error({ err: error }, "Failed to fetch payouts");
    return data({ error: ERROR_TEXT.fetchDashboardData, account: payoutAccountView(null), totals: [], items: [], page, pageCount: 0, total: 0 }, { status: 500 });
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: translate(i18nFor(localeFrom(matches)), msg`Payouts`), description: translate(i18nFor(localeFrom(matches)), msg`Your earnings and payouts.`), path: "/payouts", matches, noIndex: true });

export default function PayoutsPage({ loaderData }: Route.ComponentProps) {
  const _ = useTranslate();
  const { error, account, totals, items, page, pageCount } = loaderData;
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(msg`Payouts`)}</h1>
      <p className="mt-3 text-slate-600">{_(msg`You receive the rental price of each booking, 24 hours after it ends. Banks take 3-5 business days.`)}</p>
      {error ? (
        <Alert tone="error" className="mt-6">
          {_(error)}
        </Alert>
      ) : null}
      <div className="mt-8 grid gap-4 lg:grid-cols-2">
        <PayoutSetupCard account={account} />
        <Card className="flex min-w-0 flex-col gap-4">
          <h2 className="text-lg font-semibold text-slate-900">{_(msg`Earnings`)}</h2>
          <EarningsTotalsTable totals={totals} caption={_(msg`Your earnings per currency`)} />
        </Card>
      </div>
      <h2 className="mt-10 text-2xl font-bold text-slate-900">{_(msg`Your payouts`)}</h2>
      {items.length === 0 ? (
        <EmptyState className="mt-4" icon={<Wallet className="h-10 w-10" />} title={_(msg`No payouts yet`)}
          description={_(msg`When a guest books one of your listings, its payout shows here.`)} headingLevel={3} />
      ) : (
        <div className="mt-4">
          <PayoutList items={items} />
        </div>
      )}
      <Pager page={page} pageCount={pageCount} className="mt-8" />
    </section>
  );
}
