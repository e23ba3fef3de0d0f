import { Heart } from "lucide-react";
import { msg, plural } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { data, Link } from "react-router";
import { SpaceGrid } from "~/features/listings/components/space-grid";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import { getSharedWishlist } from "~/features/wishlists/wishlists.server";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { translatable } from "~/features/i18n/translatable";
import { withTranslatedList } from "~/features/listings/listing-translations.server";
import { getDb } from "~/lib/db.server";
import { DEFAULT_LOCALE, isLocale } from "~/lib/locales";
import { notFound } from "~/lib/http";
import { pageMeta } from "~/lib/seo";
import { EmptyState } from "~/ui/empty-state";
import type { Route } from "./+types/shared-wishlist";

/**
 * A wishlist shared by its link (issue #27 point 5, ADR 0230): read-only, for anyone,
 * signed in or not. A wrong or withdrawn token is the one 404 page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const db = await getDb();
  const shared = await getSharedWishlist(db, params.token);
  if (!shared.ok) notFound(shared.error);
  // The page title with the list's name, in the page's language.
  const name = shared.list.name;
  const i18n = await requestI18n(request);
  const metaTitle = translate(i18n, msg`${name} — a shared wishlist`);
  // The cards' titles in that language too, the hosts' translations where there is one (issue #31 point 5, ADR 0295).
  const list = await withTranslatedList(db, shared.list, isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);
  return data(
    { list, metaTitle },
    {
      headers: {
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
      },
    },
  );
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) =>
  pageMeta({
    title: loaderData ? loaderData.metaTitle : translatable("Shared wishlist"),
    description: translatable("Listings saved on Rentwell and shared by link."),
    path: `/wishlists/shared/${params.token}`,
    matches,
    noIndex: true,
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

export default function SharedWishlistPage({
  loaderData,
}: Route.ComponentProps) {
  const { list } = loaderData;
  const _ = useTranslate();
  const owner = list.ownerName ?? "";
  const listName = list.name;
  const listingCount = list?.spaces.length ?? 0;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <p className="text-sm font-semibold text-brand-800">
        {owner
          ? _(msg`Shared wishlist from ${owner}`)
          : _(msg`Shared wishlist`)}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900">
        {list.name}
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {_(
          msg`${plural(listingCount, { one: "# listing", other: "# listings" })} · read-only`,
        )}
      </p>
      {list.spaces.length === 0 ? (
        <EmptyState
          className="mt-8"
          icon={<Heart className="size-8" />}
          title={_(msg`Nothing saved here yet`)}
          description={_(
            msg`The listings in this list are no longer on Rentwell.`,
          )}
          action={
            <Link
              to="/explore"
              className="font-semibold text-brand-800 underline"
            >
              {_(msg`Explore listings`)}
            </Link>
          }
        />
      ) : (
        <div className="mt-8">
          <SpaceGrid
            spaces={list.spaces}
            label={_(msg`Listings in ${listName}`)}
            priorityFirst
          />
        </div>
      )}
    </section>
  );
}
