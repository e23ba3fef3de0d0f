import { Heart, Search } from "lucide-react";
import { msg, plural } from "@lingui/core/macro";
import { useState } from "react";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { data, Form, Link, redirect } from "react-router";
import { requireUser } from "~/features/auth/session.server";
import { SpaceCard } from "~/features/listings/components/space-card";
import { withTranslatedList } from "~/features/listings/listing-translations.server";
import { localeOfRequest } from "~/features/i18n/negotiate";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import {
  parseDateChoice,
  wishlistAvailability,
  type AvailabilityNote,
} from "~/features/wishlists/availability.server";
import {
  deleteSavedSearch,
  listSavedSearches,
} from "~/features/wishlists/saved-searches.server";
import {
  MAX_AVAILABILITY_DAYS,
  SAVED_SEARCH_TEXT,
  WISHLIST_NAME_MAX,
  WISHLIST_TEXT,
  wishlistNameFormSchema,
} from "~/features/wishlists/wishlist-rules";
import {
  createWishlist,
  deleteWishlist,
  getWishlist,
  listWishlists,
  removeFromWishlist,
  renameWishlist,
  setWishlistSharing,
} from "~/features/wishlists/wishlists.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm, type FieldErrors } from "~/lib/forms";
import { ERROR_TEXT } from "~/lib/messages";
import {
  bodyTooLargeResponse,
  readFormWithLimit,
  SMALL_FORM_BYTES,
} from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button, buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { useDelegatedLinks } from "~/ui/delegated-links";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import type { Route } from "./+types/wishlists";

/**
 * /wishlists (issue #27 points 5 and 6, ADRs 0230 and 0231): the guest's lists, one list's
 * listings with their availability for the dates picked, its share link, and the saved
 * searches. Signed-out visitors are sent to / (docs/product.md#permissions).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const now = requestNow(request);
  const db = await getDb();
  const [lists, searches] = await Promise.all([
    listWishlists(db, user.id),
    listSavedSearches(db, user.id),
  ]);
  const asked = url.searchParams.get("list");
  const selectedId =
    asked && lists.some((list) => list.id === asked)
      ? asked
      : (lists[0]?.id ?? null);
  const selected = selectedId
    ? await getWishlist(db, { userId: user.id, id: selectedId })
    : null;
  // The cards' titles in the page's language, the hosts' translations where there is one (issue #31 point 5, ADR 0295).
  const list = selected?.ok
    ? await withTranslatedList(
        db,
        selected.list,
        localeOfRequest(request, user.preferredLanguage),
      )
    : null;
  const dates = parseDateChoice(url.searchParams, now);
  const i18n = await requestI18n(request);
  const language = (text: Parameters<typeof translate>[1]) =>
    translate(i18n, text);
  const availability =
    list && dates.ok && dates.dates
      ? await wishlistAvailability(db, {
          spaceIds: list.spaces.map((space) => space.id),
          dates: dates.dates,
          viewerId: user.id,
          now,
          language,
          locale: i18n.locale,
        })
      : null;
  // The list asked for is someone else's or gone: 404, and the page says so above the guest's own lists.
  const listMissing = Boolean(asked) && asked !== selectedId;
  return data(
    {
      lists,
      list,
      listMissing,
      shareUrl: list?.shareToken
        ? new URL(
            `/wishlists/shared/${list.shareToken}`,
            env().SITE_URL,
          ).toString()
        : null,
      dates: dates.ok ? dates.dates : null,
      datesError: dates.ok ? null : dates.error,
      rawDates: {
        from: url.searchParams.get("from")?.slice(0, 10) ?? "",
        to: url.searchParams.get("to")?.slice(0, 10) ?? "",
      },
      availability,
      searches: searches.map((search) => ({
        id: search.id,
        query: search.query,
        label: search.label,
      })),
    },
    {
      status: listMissing ? 404 : 200,
      headers: { "Cache-Control": "private, no-store" },
    },
  );
}

type ActionFailure = {
  ok: false;
  intent: string;
  fieldErrors: FieldErrors<"name" | "form">;
  values?: { name: string };
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok)
    return bodyTooLargeResponse({ ok: false, error: ERROR_TEXT.generic });
  const form = body.form;
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const back = (listId: string | null) =>
    listId ? `/wishlists?list=${encodeURIComponent(listId)}` : "/wishlists";
  const db = await getDb();
  const now = requestNow(request);
  // Toasts and refusals in the visitor's language (ADR 0294).
  const i18n = await requestI18n(request);
  const _ = (text: Parameters<typeof translate>[1]) => translate(i18n, text);
  const failed = (message: string, status = 400) =>
    data<ActionFailure>(
      {
        ok: false,
        intent,
        fieldErrors: { name: message },
        values: { name: String(form.get("name") ?? "").slice(0, 200) },
      },
      { status },
    );

  switch (intent) {
    case "create":
    case "rename": {
      const parsed = parseForm(wishlistNameFormSchema, form);
      if (!parsed.ok)
        return failed(parsed.fieldErrors.name ?? WISHLIST_TEXT.nameRequired);
      const result =
        intent === "create"
          ? await createWishlist(db, {
              userId: user.id,
              name: parsed.data.name,
              now,
              language: _,
            })
          : await renameWishlist(db, {
              userId: user.id,
              id,
              name: parsed.data.name,
              now,
              language: _,
            });
      if (!result.ok)
        return result.field === "name"
          ? failed(result.error, result.status)
          : redirectWithToast(back(null), {
              tone: "error",
              message: _(result.error),
            });
      const listId = "id" in result ? String(result.id) : id;
      return redirectWithToast(back(listId), {
        tone: "success",
        message:
          intent === "create"
            ? WISHLIST_TEXT.created(parsed.data.name, _)
            : WISHLIST_TEXT.renamed(parsed.data.name, _),
      });
    }
    case "delete": {
      const result = await deleteWishlist(db, { userId: user.id, id });
      return redirectWithToast(
        back(null),
        result.ok
          ? { tone: "success", message: WISHLIST_TEXT.deleted(result.name, _) }
          : { tone: "error", message: _(result.error) },
      );
    }
    case "share":
    case "unshare": {
      const result = await setWishlistSharing(db, {
        userId: user.id,
        id,
        shared: intent === "share",
        now,
      });
      if (!result.ok)
        return redirectWithToast(back(null), {
          tone: "error",
          message: _(result.error),
        });
      return redirectWithToast(back(id), {
        tone: "success",
        message:
          intent === "share"
            ? _(msg`Anyone with the link can now see this list`)
            : _(msg`The share link no longer works`),
      });
    }
    case "remove": {
      const result = await removeFromWishlist(db, {
        userId: user.id,
        spaceId: String(form.get("spaceId") ?? ""),
        wishlistId: id,
      });
      return redirectWithToast(
        back(result.ok ? id : null),
        result.ok
          ? {
              tone: "success",
              message: WISHLIST_TEXT.removed(
                result.name ?? _(msg`the list`),
                _,
              ),
            }
          : { tone: "error", message: _(result.error) },
      );
    }
    case "delete-search": {
      const result = await deleteSavedSearch(db, { userId: user.id, id });
      return redirectWithToast(
        "/wishlists#saved-searches",
        result.ok
          ? { tone: "success", message: _(SAVED_SEARCH_TEXT.deleted) }
          : { tone: "error", message: _(result.error) },
      );
    }
    default:
      return redirect("/wishlists");
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("Wishlists"),
    // prettier-ignore
    description: translatable("The listings you saved, and your saved searches."),
    path: "/wishlists",
    matches,
    noIndex: true,
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

const validateName = (formData: FormData) =>
  parseForm(wishlistNameFormSchema, formData);

function NameForm({
  intent,
  id,
  label,
  submit,
  defaultValue,
  serverErrors,
  serverValue,
}: {
  intent: "create" | "rename";
  id?: string;
  label: string;
  submit: string;
  defaultValue?: string;
  serverErrors?: FieldErrors<"name" | "form"> | null;
  serverValue?: string;
}) {
  const { formRef, errors, onSubmit, clearError } = useFormErrors<
    "name" | "form"
  >({ validate: validateName, serverErrors });
  const _ = useTranslate();
  const max = WISHLIST_NAME_MAX;
  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-2 sm:flex-row sm:items-start"
    >
      <input type="hidden" name="intent" value={intent} />
      {id && <input type="hidden" name="id" value={id} />}
      <Field
        label={label}
        error={errors.name}
        hint={errors.name ? undefined : _(msg`Up to ${max} characters.`)}
        className="flex-1"
      >
        <Input
          name="name"
          defaultValue={serverValue ?? defaultValue}
          maxLength={WISHLIST_NAME_MAX}
          autoComplete="off"
          onChange={() => clearError("name")}
        />
      </Field>
      <Button type="submit" variant="secondary" className="sm:mt-7">
        {submit}
      </Button>
    </Form>
  );
}

const NOTE_TONES: Record<
  AvailabilityNote["state"],
  "success" | "error" | "info"
> = {
  free: "success",
  taken: "error",
  closed: "info",
  unbookable: "info",
};

export default function WishlistsPage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const {
    lists,
    list,
    listMissing,
    shareUrl,
    dates,
    datesError,
    rawDates,
    availability,
    searches,
  } = loaderData;
  const failure = actionData && "intent" in actionData ? actionData : null;
  const onClick = useDelegatedLinks();
  const [copied, setCopied] = useState(false);
  const _ = useTranslate();
  const days = MAX_AVAILABILITY_DAYS;
  const listName = list?.name ?? "";
  const listingCount = list?.spaces.length ?? 0;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {_(msg`Wishlists`)}
      </h1>
      {listMissing && (
        <Alert tone="error" className="mt-6">
          {_(WISHLIST_TEXT.notFound)}
        </Alert>
      )}

      {lists.length > 0 && (
        <nav aria-label={_(msg`Your wishlists`)} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {lists.map((item) => (
              <li key={item.id}>
                <Link
                  to={`/wishlists?list=${item.id}`}
                  aria-current={item.id === list?.id ? "page" : undefined}
                  className={cn(
                    "inline-flex max-w-[18rem] items-center gap-2 rounded-full border px-3 py-1.5 text-sm",
                    item.id === list?.id
                      ? "border-brand-600 bg-brand-50 font-semibold text-brand-900"
                      : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
                  )}
                >
                  <span className="truncate">{item.name}</span>
                  <span className="text-xs text-slate-600">{item.count}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      <div className="mt-6 max-w-xl">
        <NameForm
          intent="create"
          label={_(msg`New list`)}
          submit={_(msg`Create list`)}
          serverErrors={
            failure?.intent === "create" ? failure.fieldErrors : null
          }
          serverValue={
            failure?.intent === "create" ? failure.values?.name : undefined
          }
        />
      </div>

      {!list ? (
        <EmptyState
          className="mt-8"
          icon={<Heart className="size-8" />}
          title={_(msg`No saved listings yet`)}
          description={_(msg`Press the heart on a listing to save it here.`)}
          action={
            <Link
              to="/explore"
              className={buttonVariants({ variant: "primary" })}
            >
              {_(msg`Explore listings`)}
            </Link>
          }
        />
      ) : (
        <div className="mt-10">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div className="min-w-0">
              <h2 className="text-2xl font-bold break-words text-slate-900">
                {list.name}
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {_(
                  msg`${plural(listingCount, { one: "# listing", other: "# listings" })}`,
                )}
              </p>
            </div>
            <Form
              method="post"
              onSubmit={(event) =>
                !confirm(
                  _(
                    msg`Delete the list ${listName}? The listings stay on Rentwell.`,
                  ),
                ) && event.preventDefault()
              }
            >
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={list.id} />
              <Button
                type="submit"
                variant="ghost"
                size="sm"
                className="text-red-700"
              >
                {_(msg`Delete list`)}
              </Button>
            </Form>
          </div>

          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <div className="rounded-xl border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">{_(msg`Share`)}</h3>
              {shareUrl ? (
                <div className="mt-2 space-y-3">
                  <Field
                    label={_(
                      msg`Anyone with this link can see the list (read-only)`,
                    )}
                  >
                    <Input
                      readOnly
                      value={shareUrl}
                      onFocus={(event) => event.currentTarget.select()}
                    />
                  </Field>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => {
                        void navigator.clipboard
                          ?.writeText(shareUrl)
                          .then(() => setCopied(true));
                      }}
                    >
                      {copied ? _(msg`Copied`) : _(msg`Copy link`)}
                    </Button>
                    <Form method="post">
                      <input type="hidden" name="intent" value="unshare" />
                      <input type="hidden" name="id" value={list.id} />
                      <Button type="submit" variant="ghost" size="sm">
                        {_(msg`Stop sharing`)}
                      </Button>
                    </Form>
                  </div>
                </div>
              ) : (
                <Form method="post" className="mt-2">
                  <p className="text-sm text-slate-600">
                    {_(msg`Only you can see this list.`)}
                  </p>
                  <input type="hidden" name="intent" value="share" />
                  <input type="hidden" name="id" value={list.id} />
                  <Button
                    type="submit"
                    variant="secondary"
                    size="sm"
                    className="mt-3"
                  >
                    {_(msg`Share by link`)}
                  </Button>
                </Form>
              )}
            </div>
            <div className="rounded-xl border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">{_(msg`Rename`)}</h3>
              <div className="mt-2">
                <NameForm
                  key={list.id}
                  intent="rename"
                  id={list.id}
                  label={_(msg`List name`)}
                  submit={_(msg`Rename`)}
                  defaultValue={list.name}
                  serverErrors={
                    failure?.intent === "rename" ? failure.fieldErrors : null
                  }
                  serverValue={
                    failure?.intent === "rename"
                      ? failure.values?.name
                      : undefined
                  }
                />
              </div>
            </div>
          </div>

          <Form
            method="get"
            className="mt-6 flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-end"
          >
            <input type="hidden" name="list" value={list.id} />
            <Field label={_(msg`From`)} className="sm:w-48">
              <Input type="date" name="from" defaultValue={rawDates.from} />
            </Field>
            <Field label={_(msg`To (optional)`)} className="sm:w-48">
              <Input type="date" name="to" defaultValue={rawDates.to} />
            </Field>
            <Button type="submit" variant="primary">
              {_(msg`Show availability`)}
            </Button>
            <p className="text-sm text-slate-600 sm:pb-2">
              {_(msg`Up to ${days} days.`)}
            </p>
          </Form>
          {datesError && (
            <Alert tone="error" className="mt-3">
              {_(datesError)}
            </Alert>
          )}

          {list.spaces.length === 0 ? (
            <EmptyState
              className="mt-8"
              headingLevel={3}
              icon={<Heart className="size-8" />}
              title={_(msg`This list is empty`)}
              description={_(
                msg`Press the heart on a listing and choose this list.`,
              )}
            />
          ) : (
            <ul
              className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
              aria-label={_(msg`Listings in ${listName}`)}
              onClick={onClick}
            >
              {list.spaces.map((space) => {
                const note = availability?.[space.id];
                const spaceTitle = space.translatedTitle ?? space.title;
                return (
                  <li key={space.id} className="flex flex-col gap-2">
                    <SpaceCard space={space} />
                    {dates && note && (
                      <Alert
                        tone={NOTE_TONES[note.state]}
                        live={false}
                        className="px-3 py-2 text-sm font-medium"
                        data-testid="availability-note"
                      >
                        {_(note.text)}
                      </Alert>
                    )}
                    <Form method="post">
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="id" value={list.id} />
                      <input type="hidden" name="spaceId" value={space.id} />
                      <Button
                        type="submit"
                        variant="ghost"
                        size="sm"
                        aria-label={_(
                          msg`Remove ${spaceTitle} from ${listName}`,
                        )}
                      >
                        {_(msg`Remove from list`)}
                      </Button>
                    </Form>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}

      <section
        id="saved-searches"
        aria-labelledby="saved-searches-title"
        className="mt-14 border-t border-slate-200 pt-8"
      >
        <h2
          id="saved-searches-title"
          className="text-2xl font-bold text-slate-900"
        >
          {_(msg`Saved searches`)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {_(
            msg`We e-mail you at most once a day per search when a new listing matches or a booked time comes free.`,
          )}
        </p>
        {searches.length === 0 ? (
          <EmptyState
            className="mt-6"
            headingLevel={3}
            icon={<Search className="size-8" />}
            title={_(msg`No saved searches`)}
            description={_(msg`Search on Explore and press 'Save search'.`)}
            action={
              <Link
                to="/explore"
                className="font-semibold text-brand-800 underline"
              >
                {_(msg`Go to Explore`)}
              </Link>
            }
          />
        ) : (
          <ul
            className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200"
            aria-label={_(msg`Saved searches`)}
          >
            {searches.map((search) => {
              const searchLabel = search.label;
              return (
                <li
                  key={search.id}
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                >
                  <Link
                    to={`/explore?${search.query}`}
                    className="min-w-0 font-medium break-words text-brand-800 underline"
                  >
                    {search.label}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete-search" />
                    <input type="hidden" name="id" value={search.id} />
                    <Button
                      type="submit"
                      variant="ghost"
                      size="sm"
                      aria-label={_(msg`Delete saved search ${searchLabel}`)}
                    >
                      {_(msg`Delete`)}
                    </Button>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </section>
  );
}
