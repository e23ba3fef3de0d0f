import { i18nFor, translate } from "~/features/i18n/i18n";
import { localeFrom } from "~/lib/seo";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/edit-listing";
import { requireUser } from "~/features/auth/session.server";
import { ListingForm, type ListingDefaults } from "~/features/hosting/components/listing-form";
import { listingFormTooLarge, runListingAction } from "~/features/hosting/listing-action.server";
import { priceFieldsAsText } from "~/features/hosting/listing-form";
import { getOwnerSpace, HostingError, loadFormOptions } from "~/features/hosting/listings.server";
import { mediaStorage } from "~/features/media/storage.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { LazyPinPicker } from "~/features/geo/components/lazy-pin-picker";
import { redirectWithToast } from "~/lib/flash.server";
import { translatable } from "~/features/i18n/translatable";
import { logger } from "~/lib/logger.server";
import { ERROR_TEXT } from "~/lib/messages";
import { moderationText } from "~/features/hosting/listing-texts";
import { Alert } from "~/ui/alert";
import { LISTING_FORM_BYTES, readFormWithLimit } from "~/lib/read-body.server";
import { ListingTranslationsSection } from "~/features/hosting/components/listing-translations-section";
import { listTranslations } from "~/features/hosting/listing-translations.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: translate(i18nFor(localeFrom(matches)), msg`Edit listing | Rentwell`) }, { name: "robots", content: "noindex" }];

/** docs/product.md#hosting-pages: 'Failed to fetch listing', then back to /my-listings (shown there as a toast). */
const fetchFailed = () => redirectWithToast("/my-listings", { tone: "error", message: ERROR_TEXT.fetchListing });

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  try {
    const [space, options] = await Promise.all([getOwnerSpace(db, user.id, params.id), loadFormOptions(db)]);
    // The host's translations of the title and description (issue #31 point 5, ADR 0295).
    const translations = await listTranslations(db, space.id);
    return { space, ...options, translations, mapStyleUrl: env().MAP_STYLE_URL ?? null };
  } catch (error) {
    if (!(error instanceof HostingError)) logger.error({ err: error }, ERROR_TEXT.fetchListing);
    throw await fetchFailed();
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, LISTING_FORM_BYTES);
  const result = body.ok
    ? await runListingAction(await getDb(), mediaStorage(), user.id, body.form, { mode: "edit", spaceId: params.id })
    : listingFormTooLarge("edit");
  if (result.ok) return redirectWithToast("/my-listings", { tone: "success", message: translatable("Listing saved.") });
  return data(result, { status: result.status });
}

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
  const _ = useTranslate();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const { space } = loaderData;
  const state = space.isPublished ? _(msg`published`) : _(msg`a draft`);
  // The state in bold inside the sentence, wherever the language puts it.
  const currentState = _(msg`Currently ${state}.`).split(state);
  const notice = moderationText(_, space);
  const defaults: ListingDefaults = failed ? { ...(failed.values as ListingDefaults) } : { ...space, ...priceFieldsAsText(space) };
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 pb-28 sm:px-6">
      <Link to="/my-listings" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" /> {_(msg`Back to My Listings`)}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{_(msg`Edit listing`)}</h1>
      <p className="mt-2 text-slate-600">
        {currentState[0]}
        <strong>{state}</strong>
        {currentState[1]}{" "}
        {_(msg`'Save as Draft' unpublishes it; 'Publish Listing' needs the full address.`)}
      </p>
      {notice && (
        <Alert tone="error" live={false} className="mt-4 text-sm break-words" data-testid="moderation-notice">
          {notice}
        </Alert>
      )}
      <div className="mt-8">
        <ListingForm
          mode="edit"
          categories={loaderData.categories}
          spaceTypes={loaderData.spaceTypes}
          optionErrors={loaderData.optionErrors}
          defaults={defaults}
          errors={failed?.fieldErrors}
          formError={failed?.formError}
          pinPicker={<LazyPinPicker styleUrl={loaderData.mapStyleUrl} />}
        />
      </div>
      <ListingTranslationsSection spaceId={space.id} translations={loaderData.translations} />
    </div>
  );
}
