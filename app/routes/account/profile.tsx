import { requireUser } from "~/features/auth/session.server";
import { NotificationSettings } from "~/features/mail/components/notification-settings";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/profile";

/** /profile for signed-in users only: signed-out visitors are sent to / by the loader (docs/product.md#permissions). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { email: user.email, fullName: user.fullName };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Profile | Rentwell",
    description: "Edit your public profile.",
    path: "/profile",
    matches,
    noIndex: true,
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        Profile
      </h1>
      <p className="mt-3 text-slate-600">
        Your public profile as hosts and guests see it, signed in as{" "}
        <strong className="font-semibold text-slate-900">
          {loaderData.fullName ?? loaderData.email}
        </strong>
        {loaderData.fullName ? <> ({loaderData.email})</> : null}.
      </p>
      <div className="mt-8">
        <NotificationSettings />
      </div>
    </section>
  );
}
