import { msg } from "@lingui/core/macro";
import { data, Form, Link } from "react-router";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import {
  deleteSavedSearchByToken,
  savedSearchByToken,
} from "~/features/wishlists/saved-searches.server";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import { getDb } from "~/lib/db.server";
import {
  BODY_TOO_LARGE_MESSAGE,
  bodyTooLargeResponse,
  readFormWithLimit,
  SMALL_FORM_BYTES,
} from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import type { Route } from "./+types/saved-search-delete";

/**
 * The delete link of a saved-search alert e-mail (ADR 0231): the page asks, a POST deletes
 * (a mail scanner that opens the link deletes nothing). No sign-in needed: the token is the key.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const saved = await savedSearchByToken(await getDb(), params.token);
  return data(
    { label: saved?.label ?? null },
    {
      status: saved ? 200 : 404,
      headers: { "Cache-Control": "private, no-store" },
    },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok)
    return bodyTooLargeResponse({ ok: false, error: BODY_TOO_LARGE_MESSAGE });
  const deleted = await deleteSavedSearchByToken(await getDb(), params.token);
  return data({ deleted }, { status: deleted ? 200 : 404 });
}

export const meta: Route.MetaFunction = ({ matches, params }) =>
  pageMeta({
    title: translatable("Delete saved search"),
    description: translatable("Stop the e-mails of a saved search."),
    path: `/saved-searches/${params.token}/delete`,
    matches,
    noIndex: true,
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** Where the search's name goes in the question (a character no text has), so it can be shown in bold. */
const NAME_SLOT = "\u0000";

export default function SavedSearchDeletePage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const _ = useTranslate();
  const label = NAME_SLOT;
  const [before, after] = _(
    msg`Stop the e-mails for ${label} and delete this saved search?`,
  ).split(NAME_SLOT);
  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {_(msg`Delete saved search`)}
      </h1>
      {actionData?.deleted ? (
        <Alert tone="success" className="mt-6">
          {_(msg`Saved search deleted. You will get no more e-mails for it.`)}
        </Alert>
      ) : loaderData.label && !actionData ? (
        <Form method="post" className="mt-6 space-y-4">
          <p className="text-slate-700">
            {before}
            <strong>{loaderData.label}</strong>
            {after}
          </p>
          <Button type="submit" variant="danger">
            {_(msg`Delete saved search`)}
          </Button>
        </Form>
      ) : (
        <Alert tone="info" className="mt-6">
          {_(msg`This saved search no longer exists.`)}
        </Alert>
      )}
      <p className="mt-6">
        <Link to="/explore" className="font-semibold text-brand-800 underline">
          {_(msg`Explore listings`)}
        </Link>
      </p>
    </section>
  );
}
