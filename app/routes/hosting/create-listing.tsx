import { i18nFor, translate } from "~/features/i18n/i18n";
import { localeFrom } from "~/lib/seo";
import { msg } from "@lingui/core/macro";
import { useTranslate } from "~/features/i18n/use-translate";
import { ArrowLeft } from "lucide-react";
import crypto from "node:crypto";
import { data, Link } from "react-router";
import type { Route } from "./+types/create-listing";
import { requireUser } from "~/features/auth/session.server";
import { ListingForm, type ListingDefaults } from "~/features/hosting/components/listing-form";
import { listingFormTooLarge, runListingAction } from "~/features/hosting/listing-action.server";
import { loadFormOptions } from "~/features/hosting/listings.server";
import { mediaStorage } from "~/features/media/storage.server";
import { getDb } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { LazyPinPicker } from "~/features/geo/components/lazy-pin-picker";
import { redirectWithToast } from "~/lib/flash.server";
import { translatable } from "~/features/i18n/translatable";
import { LISTING_FORM_BYTES, readFormWithLimit } from "~/lib/read-body.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: translate(i18nFor(localeFrom(matches)), msg`List your space | Rentwell`) }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  return { ...(await loadFormOptions(await getDb())), formToken: crypto.randomUUID(), mapStyleUrl: env().MAP_STYLE_URL ?? null };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, LISTING_FORM_BYTES);
  const result = body.ok
    ? await runListingAction(await getDb(), mediaStorage(), user.id, body.form, { mode: "create" })
    : listingFormTooLarge("create");
  if (result.ok) return redirectWithToast("/my-listings", { tone: "success", message: translatable("Listing saved.") });
  return data(result, { status: result.status });
}

export default function CreateListing({ loaderData, actionData }: Route.ComponentProps) {
  const _ = useTranslate();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 pb-28 sm:px-6">
      <Link to="/" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" /> {_(msg`Back to home`)}
      </Link>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{_(msg`List your space`)}</h1>
      <p className="mt-2 text-slate-600">{_(msg`Fill in the details below. Save a draft any time; publish when the address is complete.`)}</p>
      <div className="mt-8">
        <ListingForm
          mode="create"
          categories={loaderData.categories}
          spaceTypes={loaderData.spaceTypes}
          optionErrors={loaderData.optionErrors}
          defaults={(failed?.values as ListingDefaults | undefined) ?? {}}
          errors={failed?.fieldErrors}
          formError={failed?.formError}
          pinPicker={<LazyPinPicker styleUrl={loaderData.mapStyleUrl} />}
          formToken={loaderData.formToken}
        />
      </div>
    </div>
  );
}
