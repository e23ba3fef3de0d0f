import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { NewsletterForm } from "~/features/content/newsletter/components/newsletter-form";
import { readSmallForm } from "~/features/content/form-body.server";
import { handleNewsletterForm } from "~/features/content/newsletter/newsletter-action.server";
import { NEWSLETTER_ERRORS, type NewsletterResult } from "~/features/content/newsletter/newsletter-messages";
import { clientIp } from "~/features/security/client-ip.server";
import { requestNow } from "~/lib/clock.server";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { pageLocale } from "~/features/i18n/request-i18n.server";
import { getDb } from "~/lib/db.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: translatable("Newsletter"),
    // prettier-ignore
    description: translatable("Subscribe to the Rentwell newsletter: rental tips, host stories and city guides by e-mail."),
    path: "/newsletter",
    matches,
  });

/** An e-mail address and a source fit in far less; the cap stays above the 254-character field limit. */
const NEWSLETTER_MAX_BODY_BYTES = 16 * 1024;

export async function action({ request }: Route.ActionArgs) {
  const body = await readSmallForm(request, NEWSLETTER_MAX_BODY_BYTES);
  if (!body.ok) return data({ status: "invalid", message: NEWSLETTER_ERRORS.tooLong, fieldErrors: { email: NEWSLETTER_ERRORS.tooLong } } satisfies NewsletterResult, { status: 413 });
  const db = await getDb();
  // The confirmation e-mail in the page's language (ADR 0296).
  const locale = await pageLocale(request);
  const result = await handleNewsletterForm(db, body.form, clientIp(request), requestNow(request), locale, await requestTranslate(request));
  const status = result.status === "invalid" ? 400 : result.status === "rate-limited" ? 429 : 200;
  return data(result, { status });
}

/** The newsletter page; also where the footer and blog boxes land without JavaScript. */
export default function Newsletter({ actionData }: Route.ComponentProps) {
  const _ = useTranslate();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(msg`The Rentwell newsletter`)}</h1>
      <p className="mt-3 text-slate-600">
        {_(msg`Once or twice a month: the best new spaces, host tips, city guides and news from our team in Tampa, Florida.`)}
      </p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6">
        <NewsletterForm source="page" heading={translatable("Subscribe")} result={actionData ?? null} />
      </div>
    </div>
  );
}
