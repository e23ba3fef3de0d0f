import { Form, useNavigation } from "react-router";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { NewsletterForm } from "~/features/content/newsletter/components/newsletter-form";
import { NEWSLETTER_LINK_TEXT } from "~/features/content/newsletter/newsletter-messages";
import { confirmNewsletter, unsubscribeNewsletter } from "~/features/content/newsletter/subscribe.server";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import type { Route } from "./+types/newsletter-link";

/**
 * /newsletter/confirm and /newsletter/unsubscribe, the links of the confirmation
 * e-mail (ADR 0173). Opening a link changes nothing (mail scanners open links); the
 * button posts. The unsubscribe POST is also the one-click List-Unsubscribe target.
 */
type Purpose = "confirm" | "unsubscribe";

function purposeOf(request: Request): Purpose {
  return new URL(request.url).pathname.endsWith("/unsubscribe") ? "unsubscribe" : "confirm";
}

function tokenOf(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
}

export function loader({ request }: Route.LoaderArgs) {
  return { purpose: purposeOf(request), hasToken: tokenOf(request).length > 0 };
}

export async function action({ request }: Route.ActionArgs) {
  const db = await getDb();
  const token = tokenOf(request);
  const outcome = purposeOf(request) === "confirm" ? await confirmNewsletter(db, token, requestNow(request)) : await unsubscribeNewsletter(db, token);
  return { outcome };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: location.pathname.endsWith("/unsubscribe") ? NEWSLETTER_LINK_TEXT.unsubscribeHeading : NEWSLETTER_LINK_TEXT.confirmHeading,
    description: translatable("The Rentwell newsletter."),
    path: location.pathname,
    matches,
    noIndex: true,
  });

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  const _ = useTranslate();
  const navigation = useNavigation();
  const confirm = loaderData.purpose === "confirm";
  const outcome = actionData?.outcome ?? (loaderData.hasToken ? null : "invalid");
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        {_(confirm ? NEWSLETTER_LINK_TEXT.confirmHeading : NEWSLETTER_LINK_TEXT.unsubscribeHeading)}
      </h1>
      {outcome === null ? (
        <Form method="post" className="mt-6">
          <Button type="submit" size="md" pending={navigation.state === "submitting"}>
            {_(confirm ? NEWSLETTER_LINK_TEXT.confirmButton : NEWSLETTER_LINK_TEXT.unsubscribeButton)}
          </Button>
        </Form>
      ) : outcome === "invalid" ? (
        <>
          <Alert tone="error" className="mt-6">
            {_(NEWSLETTER_LINK_TEXT.invalid)}
          </Alert>
          <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6">
            <NewsletterForm source="page" heading={translatable("Subscribe")} result={null} />
          </div>
        </>
      ) : (
        <p role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          {_(outcome === "confirmed" ? NEWSLETTER_LINK_TEXT.confirmed : NEWSLETTER_LINK_TEXT.unsubscribed)}
        </p>
      )}
    </div>
  );
}
