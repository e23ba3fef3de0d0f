import { requireUser } from "~/features/auth/session.server";
import { PayoutsOverview } from "~/features/payouts/components/payouts-overview";
import { getPayoutsOverview } from "~/features/payouts/earnings.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/dashboard";

/** /dashboard for signed-in users only: signed-out visitors are sent to / by the loader (docs/product.md#permissions). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const payouts = await getPayoutsOverview(await getDb(), user.id, requestNow(request));
  return { email: user.email, fullName: user.fullName, payouts };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Dashboard | Rentwell", description: "Your bookings, listings and payouts at a glance.", path: "/dashboard", matches, noIndex: true });

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
      <p className="mt-3 text-slate-600">
        Your bookings, listings and payout account at a glance, signed in as <strong className="font-semibold text-slate-900">{loaderData.fullName ?? loaderData.email}</strong>
        {loaderData.fullName ? <> ({loaderData.email})</> : null}.
      </p>
      <PayoutsOverview overview={loaderData.payouts} />
    </section>
  );
}
