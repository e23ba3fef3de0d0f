import { requireAdmin } from "~/features/auth/session.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/admin";

/** /admin: admins only; anyone else is sent to / by the loader (docs/product.md#admin). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { email: user.email };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Platform Analytics | Rentwell", description: "Platform analytics for administrators.", path: "/admin", matches, noIndex: true });

export default function AdminPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Platform Analytics</h1>
      <p className="mt-3 text-slate-600">
        Bookings, revenue, listings and platform fees across Rentwell, for administrators. Signed in as{" "}
        <strong className="font-semibold text-slate-900">{loaderData.email}</strong>.
      </p>
    </section>
  );
}
