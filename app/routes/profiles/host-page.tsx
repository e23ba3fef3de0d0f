import { msg, plural } from "@lingui/core/macro";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { Globe, MapPin } from "lucide-react";
import { useContext } from "react";
import { useRouteLoaderData } from "react-router";
import { AuthDialogContext } from "~/features/auth/components/auth-dialog-context";
import { ProfileLinkIcon } from "~/features/profiles/components/link-icon";
import { ProfilePostCard } from "~/features/profiles/components/profile-post-card";
import {
  ContactHost,
  PublicProfileContent,
} from "~/features/profiles/components/public-profile-content";
import {
  getHostPage,
  hostPageJsonLd,
} from "~/features/profiles/host-page.server";
import {
  hostDisplayName,
  MEMBER_PAGE_TEXT,
  memberDisplayName,
} from "~/features/profiles/public-profile";
import { GuestReviewsSection } from "~/features/reviews/components/guest-reviews";
import { listGuestReviews } from "~/features/reviews/reviews.server";
import {
  GeneralErrorBoundary,
  NotFoundPage,
} from "~/features/shell/components/general-error-boundary";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { notFound } from "~/lib/http";
import { NOT_FOUND_TEXT } from "~/lib/messages";
import { absoluteUrl, pageMeta } from "~/lib/seo";
import { isUuid } from "~/lib/uuid";
import { Card } from "~/ui/card";
import { JsonLd } from "~/ui/json-ld";
import type { Route } from "./+types/host-page";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.listings);

/** /hosts/{id}: a host's public page, server-rendered so it can be shared (docs/decisions/0143-public-host-page.md). */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isUuid(params.id)) notFound(NOT_FOUND_TEXT.profile);
  const id = params.id.toLowerCase();
  const db = await getDb();
  const now = requestNow(request);
  const page = await getHostPage(db, id, now);
  if (!page) notFound(NOT_FOUND_TEXT.profile);
  // What hosts wrote about this member as a guest, once published (ADR 0272).
  const reviewPage = Number(
    new URL(request.url).searchParams.get("reviews") ?? "1",
  );
  const guestReviews = await listGuestReviews(
    db,
    id,
    now,
    Number.isInteger(reviewPage) ? reviewPage : 1,
  );
  const siteUrl = env().SITE_URL;
  // Someone with no published listing is a member who books, not a 'Host' (ADR 0288).
  const name = page.isHost
    ? hostDisplayName(page.profile.fullName)
    : memberDisplayName(page.profile.fullName);
  const path = `/hosts/${id}`;
  // The page's title and description in its language (unless the member wrote a bio).
  const i18n = await requestI18n(request);
  const shownName = translate(i18n, name);
  const listings = page.profile.stats.totalListings;
  const year = new Date(page.profile.trust.memberSince).getUTCFullYear();
  const summary =
    page.profile.bio ??
    (page.isHost
      ? translate(i18n, msg`${shownName} hosts ${plural(listings, { one: "# space", other: "# spaces" })} on Rentwell.`)
      : translate(i18n, msg`${shownName} has been a member of Rentwell since ${year}.`));
  const pageText = {
    title: page.isHost ? translate(i18n, msg`${shownName} · Host`) : translate(i18n, msg`${shownName} · Member`),
    description: summary.length > 160 ? `${summary.slice(0, 157).trimEnd()}…` : summary,
  };
  return {
    page,
    guestReviews,
    name,
    path,
    pageText,
    structuredData: hostPageJsonLd(
      page,
      absoluteUrl(siteUrl, path),
      name,
      (url) => absoluteUrl(siteUrl, url),
    ),
  };
}

export const meta: Route.MetaFunction = ({ data, matches, location }) => {
  if (!data) return pageMeta({ title: NOT_FOUND_TEXT.profile, description: MEMBER_PAGE_TEXT.notFound, path: location.pathname, matches, noIndex: true });
  const { page, path, pageText } = data;
  return pageMeta({
    title: pageText.title,
    description: pageText.description,
    path,
    matches,
    image: page.profile.avatarUrl ?? page.bannerUrl ?? undefined,
    type: "profile",
  });
};

export default function HostPage({ loaderData }: Route.ComponentProps) {
  const { page, guestReviews, structuredData } = loaderData;
  const authDialog = useContext(AuthDialogContext);
  const root = useRouteLoaderData("root") as
    { user?: { id: string } | null } | undefined;
  const hasDetails = page.website || page.location || page.socials.length > 0;
  const _ = useTranslate();
  const newTab = _(msg` (opens in a new tab)`);
  return (
    <div className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6">
      <JsonLd data={structuredData} />
      <div className="h-32 overflow-hidden rounded-2xl bg-gradient-to-r from-brand-700 to-brand-500 sm:h-48">
        {page.bannerUrl && (
          <img src={page.bannerUrl} alt="" className="size-full object-cover" />
        )}
      </div>
      <Card className="relative -mt-10 mx-2 space-y-6 sm:mx-6">
        <PublicProfileContent
          profile={page.profile}
          nameAs="h1"
          headingLevel={2}
          asMember={!page.isHost}
          details={
            hasDetails ? (
              <ul
                className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700"
                aria-label={_(msg`Elsewhere`)}
              >
                {page.location && (
                  <li className="flex items-center gap-1">
                    <MapPin
                      className="size-4 text-slate-500"
                      aria-hidden="true"
                    />{" "}
                    {page.location}
                  </li>
                )}
                {page.website && (
                  <li>
                    <a
                      href={page.website}
                      rel="noopener noreferrer nofollow ugc"
                      target="_blank"
                      className="flex items-center gap-1 text-brand-700 hover:underline"
                    >
                      <Globe className="size-4" aria-hidden="true" />{" "}
                      {page.website
                        .replace(/^https?:\/\/(www\.)?/, "")
                        .replace(/\/$/, "")}
                      <span className="sr-only">{newTab}</span>
                    </a>
                  </li>
                )}
                {page.socials.map((social) => (
                  <li key={social.field}>
                    <a
                      href={social.url}
                      rel="noopener noreferrer nofollow ugc me"
                      target="_blank"
                      className="text-brand-700 hover:underline"
                    >
                      {social.label}
                      <span className="sr-only">{newTab}</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : null
          }
          contact={
            <ContactHost
              profile={page.profile}
              viewer={root?.user ?? null}
              onSignIn={() => authDialog?.openSignIn()}
            />
          }
        />
        {page.links.length > 0 && (
          <section aria-labelledby="host-links">
            <h2 id="host-links" className="font-semibold text-slate-900">
              {_(msg`Links`)}
            </h2>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {page.links.map((link) => (
                <li key={link.id}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow ugc"
                    className="flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 font-medium text-slate-900 hover:bg-slate-50"
                  >
                    <ProfileLinkIcon
                      icon={link.icon}
                      className="size-5 shrink-0 text-slate-500"
                    />
                    <span className="min-w-0 truncate">{link.title}</span>
                    <span className="sr-only">{newTab}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {page.posts.length > 0 && (
          <section aria-labelledby="host-posts">
            <h2 id="host-posts" className="font-semibold text-slate-900">
              {_(msg`Updates`)}
            </h2>
            <ul className="mt-3 space-y-3">
              {page.posts.map((post) => (
                <li key={post.id}>
                  <ProfilePostCard post={post} />
                </li>
              ))}
            </ul>
          </section>
        )}
        <GuestReviewsSection reviews={guestReviews} />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <NotFoundPage
            title={NOT_FOUND_TEXT.profile}
            text={MEMBER_PAGE_TEXT.notFound}
            link={{ to: "/explore", label: translatable("Explore listings") }}
          />
        ),
      }}
    />
  );
}
