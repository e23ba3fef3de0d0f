import { i18nFor, translate } from "~/features/i18n/i18n";
import { localeFrom } from "~/lib/seo";
import { msg, plural } from "@lingui/core/macro";
import { CalendarDays, Eye, Pencil, Plus } from "lucide-react";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { translatable } from "~/features/i18n/translatable";
import { moderationText } from "~/features/hosting/listing-texts";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/my-listings";
import { requireUser } from "~/features/auth/session.server";
import { HostingError, listOwnerSpaces, setAvailability, setPublished } from "~/features/hosting/listings.server";
import { FALLBACK_IMAGE } from "~/features/listings/card";
import { cardImageUrl } from "~/features/media/urls";
import { spacePath } from "~/features/listings/slug";
import { getDb } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { formatMinorWholeIn } from "~/features/hosting/format";
import { buttonVariants } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Switch } from "~/ui/switch";
import { bodyTooLargeResponse, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { clampPage } from "~/lib/uuid";
import { z } from "~/lib/zod";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: translate(i18nFor(localeFrom(matches)), msg`My Listings | Rentwell`) }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  return listOwnerSpaces(await getDb(), user.id, { page: clampPage(url.searchParams.get("page")) });
}

const toggleSchema = z.object({
  intent: z.enum(["availability", "publish"]),
  spaceId: z.string().min(1).max(64),
  value: z.enum(["true", "false"]).transform((value) => value === "true"),
});

const FALLBACK = { availability: ERROR_TEXT.updateAvailability, publish: ERROR_TEXT.updatePublishStatus } as const;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const read = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!read.ok) throw bodyTooLargeResponse({ ok: false, error: translatable("Failed to update listing") });
  const body = Object.fromEntries(read.form);
  const parsed = toggleSchema.safeParse(body);
  if (!parsed.success) {
    const error = body.intent === "publish" ? FALLBACK.publish : body.intent === "availability" ? FALLBACK.availability : ERROR_TEXT.updateListing;
    return data({ ok: false as const, error }, { status: 400 });
  }
  const { intent, spaceId, value } = parsed.data;
  const db = await getDb();
  try {
    if (intent === "availability") await setAvailability(db, user.id, spaceId, value);
    else await setPublished(db, user.id, spaceId, value);
    return { ok: true as const, error: null };
  } catch (error) {
    if (error instanceof HostingError) return data({ ok: false as const, error: error.message }, { status: error.status });
    logger.error({ err: error }, FALLBACK[intent]);
    return data({ ok: false as const, error: FALLBACK[intent] }, { status: 500 });
  }
}

type OwnerSpace = Route.ComponentProps["loaderData"]["spaces"][number];

function Toggle({ space, intent }: { space: OwnerSpace; intent: "availability" | "publish" }) {
  const _ = useTranslate();
  const fetcher = useFetcher<typeof action>();
  const current = intent === "availability" ? space.available : space.isPublished;
  const optimistic = fetcher.formData ? fetcher.formData.get("value") === "true" : current;
  const [on, off] = intent === "availability" ? [_(msg`Available`), _(msg`Unavailable`)] : [_(msg`Published`), _(msg`Draft`)];
  const error = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? (fetcher.data.error ?? FALLBACK[intent]) : null;
  const label = intent === "availability" ? _(msg`Available for booking`) : _(msg`Published`);
  return (
    <fetcher.Form method="post" className="flex flex-col gap-1">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="spaceId" value={space.id} />
      <input type="hidden" name="value" value={String(!current)} />
      <Switch
        type="submit"
        tone="soft"
        size="sm"
        checked={optimistic}
        aria-label={`${label}: ${space.title}`}
        disabled={fetcher.state !== "idle"}
      >
        {optimistic ? on : off}
      </Switch>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {_(error)}
        </p>
      )}
    </fetcher.Form>
  );
}

export default function MyListings({ loaderData }: Route.ComponentProps) {
  const { spaces, total, page, pageSize } = loaderData;
  const _ = useTranslate();
  const locale = useLocale();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 pb-28 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">{_(msg`My Listings`)}</h1>
          <p className="mt-1 text-slate-600">{_(msg`${plural(total, { one: "# listing", other: "# listings" })}`)}</p>
        </div>
        <Link to="/create-listing" className={buttonVariants({ size: "md", className: "py-2" })}>
          <Plus className="h-4 w-4" aria-hidden="true" /> {_(msg`New listing`)}
        </Link>
      </div>
      {spaces.length === 0 ? (
        <EmptyState
          className="mt-10"
          title={_(msg`No Listings Yet`)}
          description={_(msg`Create your first listing; it takes about a minute.`)}
          action={
            <Link to="/create-listing" className={buttonVariants()}>
              {_(msg`List your space`)}
            </Link>
          }
        />
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-4">
          {spaces.map((space) => {
            const title = space.title;
            const price = space.hourlyPrice != null ? formatMinorWholeIn(locale, space.hourlyPrice, space.currency) : null;
            return (
            <li key={space.id} className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row" data-testid="owner-listing">
              <img
                src={space.images[0] ? cardImageUrl(space.images[0]) : FALLBACK_IMAGE}
                alt=""
                width={192}
                height={128}
                loading="lazy"
                className="h-44 w-full rounded-lg bg-slate-100 object-cover sm:h-32 sm:w-48 sm:shrink-0"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-3">
                <div>
                  <h2 className="line-clamp-2 text-lg font-semibold break-words text-slate-900">{space.title}</h2>
                  <p className="text-sm break-words text-slate-600">
                    {space.location}, {space.country}
                    {price !== null && <> · {_(msg`${price}/hr`)}</>}
                  </p>
                  {!space.hasAddress && <p className="mt-1 text-xs text-amber-800">{_(msg`Add the full address to publish.`)}</p>}
                  {moderationText(_, space) && (
                    <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm break-words text-red-800" data-testid="moderation-notice">
                      {moderationText(_, space)}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap items-start gap-3">
                  <Toggle space={space} intent="publish" />
                  <Toggle space={space} intent="availability" />
                </div>
              </div>
              <div className="flex gap-2 sm:w-32 sm:flex-col sm:self-start">
                <Link
                  to={spacePath(space)}
                  className={buttonVariants({ variant: "secondary", size: "sm", className: "flex-1 gap-1" })}
                  aria-label={_(msg`View ${title}`)}
                >
                  <Eye className="h-4 w-4" aria-hidden="true" /> {_(msg`View`)}
                </Link>
                <Link
                  to={`/edit-listing/${space.id}`}
                  className={buttonVariants({ variant: "outline", size: "sm", className: "flex-1 gap-1" })}
                  aria-label={_(msg`Edit ${title}`)}
                >
                  <Pencil className="h-4 w-4" aria-hidden="true" /> {_(msg`Edit`)}
                </Link>
                <Link
                  to={`/my-listings/${space.id}/calendar`}
                  className={buttonVariants({ variant: "secondary", size: "sm", className: "flex-1 gap-1" })}
                  aria-label={_(msg`Calendar of ${title}`)}
                >
                  <CalendarDays className="h-4 w-4" aria-hidden="true" /> {_(msg`Calendar`)}
                </Link>
              </div>
            </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={_(msg`Pages`)} className="mt-8 flex justify-center gap-3">
          {page > 1 && (
            <Link to={`?page=${page - 1}`} className={buttonVariants({ variant: "secondary", size: "md", className: "py-2 font-normal" })}>
              {_(msg`Previous`)}
            </Link>
          )}
          <span className="px-2 py-2 text-slate-600">
            {_(msg`Page ${page} of ${pages}`)}
          </span>
          {page < pages && (
            <Link to={`?page=${page + 1}`} className={buttonVariants({ variant: "secondary", size: "md", className: "py-2 font-normal" })}>
              {_(msg`Next`)}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
