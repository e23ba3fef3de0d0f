import { msg } from "@lingui/core/macro";
import { requestTranslate } from "~/features/i18n/request-i18n.server";
import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import { intlLocale } from "~/lib/locales";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { CheckCircle2, Clock, Mail, MapPin } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { parseForm } from "~/lib/forms";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input, Select, Textarea } from "~/ui/input";
import { PageHero } from "~/features/content/components/page-hero";
import { readSmallForm } from "~/features/content/form-body.server";
import {
  CONTACT_MAX_BODY_BYTES,
  handleContactForm,
} from "~/features/content/contact/contact-action.server";
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECT_OPTIONS,
  contactSchema,
  isContactSubject,
  type ContactInput,
} from "~/features/content/contact/contact-schema";
import { clientIp } from "~/features/security/client-ip.server";
import { getDb } from "~/lib/db.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";
import { PAGE_CACHE, pageCacheHandle } from "~/lib/page-cache";

/** Anonymous visitors may be served a shared copy (ADR 0270). */
export const handle = pageCacheHandle(PAGE_CACHE.content);

export function loader({ request }: Route.LoaderArgs) {
  const subject = new URL(request.url).searchParams.get("subject");
  return { subject: isContactSubject(subject) ? subject : null };
}

export async function action({ request }: Route.ActionArgs) {
  const body = await readSmallForm(request, CONTACT_MAX_BODY_BYTES);
  if (!body.ok) {
    // The refusal in the request's language (ADR 0294); the same number format as the page.
    const i18n = await requestI18n(request);
    const limit = CONTACT_LIMITS.message.toLocaleString(intlLocale(i18n.locale));
    return data(
      {
        status: "invalid" as const,
        fieldErrors: {
          message: translate(i18n, msg`Your message is too long: please keep it under ${limit} characters.`),
        },
        values: {},
      },
      { status: 413 },
    );
  }
  const db = await getDb();
  const result = await handleContactForm(db, body.form, clientIp(request), await requestTranslate(request));
  const status =
    result.status === "sent" || result.status === "already-sent"
      ? 200
      : result.status === "rate-limited"
        ? 429
        : 400;
  return data(result, { status });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact Us",
    description:
      "Contact the Rentwell team in Tampa, Florida: general questions, customer support, billing and partnerships. Support is available 24/7.",
    path: "/contact",
    matches,
  });

function subjectLabel(value: string) {
  return (
    CONTACT_SUBJECT_OPTIONS.find((option) => option.value === value)?.label ??
    value
  );
}

/** The contact schema, run in the browser before sending (the action runs it again). */
const validateContact = (formData: FormData) =>
  parseForm(contactSchema, formData);

/** Where the Help Center link goes in its sentence (a character no text has). */
const LINK_SLOT = "\u0000";

export default function Contact({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const navigation = useNavigation();
  const [messageLength, setMessageLength] = useState(0);
  const sending = navigation.state === "submitting";
  const sent =
    actionData?.status === "sent" || actionData?.status === "already-sent"
      ? actionData
      : null;
  const { formRef, errors, onSubmit } = useFormErrors<keyof ContactInput>({
    validate: validateContact,
    serverErrors:
      actionData?.status === "invalid" ? actionData.fieldErrors : undefined,
  });
  const values: Partial<Record<keyof ContactInput, string>> =
    actionData?.status === "invalid" ? actionData.values : {};
  const rateLimited =
    actionData?.status === "rate-limited" ? actionData.message : null;
  const _ = useTranslate();
  const locale = useLocale();
  const name = sent?.name ?? "";
  const typed = messageLength.toLocaleString(locale);
  const limit = CONTACT_LIMITS.message.toLocaleString(locale);
  const helpCenter = LINK_SLOT;
  const [quickBefore, quickAfter] = _(
    msg`Looking for a quick answer? Visit the ${helpCenter}.`,
  ).split(LINK_SLOT);

  return (
    <>
      <PageHero
        eyebrow={_(msg`Contact`)}
        title={_(msg`Get in touch`)}
        lead={_(
          msg`Questions about a booking, hosting, billing or a partnership? Send us a message and our team will reply by e-mail.`,
        )}
      />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="form-heading">
          <h2 id="form-heading" className="text-2xl font-bold text-slate-900">
            {_(msg`Send us a message`)}
          </h2>
          {sent ? (
            <div
              role="status"
              className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-6"
            >
              <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
                <CheckCircle2 aria-hidden="true" className="size-6" />{" "}
                {sent.status === "sent"
                  ? _(msg`Message sent`)
                  : _(msg`Message already received`)}
              </p>
              <p className="mt-2 text-emerald-900">
                {sent.status === "sent"
                  ? _(
                      msg`Thank you, ${name}! We have received your message and will reply by e-mail within one business day.`,
                    )
                  : _(
                      msg`Thank you, ${name}! We already received this message from you, so there is no need to send it again. We will reply by e-mail within one business day.`,
                    )}
              </p>
              <dl className="mt-4 rounded-lg border border-emerald-200 bg-white p-4 text-sm text-slate-700">
                <dt className="font-semibold text-slate-900">
                  {_(msg`Subject`)}
                </dt>
                <dd className="mt-0.5">{_(subjectLabel(sent.subject))}</dd>
                <dt className="mt-3 font-semibold text-slate-900">
                  {_(msg`Your message`)}
                </dt>
                <dd className="mt-0.5 break-words whitespace-pre-wrap">
                  {sent.body}
                </dd>
              </dl>
              <Link
                to="/contact"
                reloadDocument
                className="mt-4 inline-block font-semibold text-emerald-800 underline"
              >
                {_(msg`Send another message`)}
              </Link>
            </div>
          ) : (
            <Form
              ref={formRef}
              method="post"
              noValidate
              className="mt-6 space-y-5"
              onSubmit={onSubmit}
            >
              {rateLimited && (
                <Alert tone="error" className="p-3 text-sm font-medium">
                  {_(rateLimited)}
                </Alert>
              )}
              <div className="grid gap-5 sm:grid-cols-2">
                <Field id="name" label={_(msg`Name`)} error={errors.name}>
                  <Input
                    name="name"
                    required
                    maxLength={CONTACT_LIMITS.name}
                    autoComplete="name"
                    defaultValue={values.name}
                    className="py-2.5"
                  />
                </Field>
                <Field id="email" label={_(msg`E-mail`)} error={errors.email}>
                  <Input
                    name="email"
                    type="email"
                    required
                    maxLength={CONTACT_LIMITS.email}
                    autoComplete="email"
                    defaultValue={values.email}
                    className="py-2.5"
                  />
                </Field>
              </div>
              <Field
                id="subject"
                label={_(msg`Subject`)}
                error={errors.subject}
              >
                <Select
                  name="subject"
                  required
                  defaultValue={values.subject ?? loaderData.subject ?? ""}
                  className="py-2.5"
                >
                  <option value="" disabled>
                    {_(msg`Choose a subject`)}
                  </option>
                  {CONTACT_SUBJECT_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {_(option.label)}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                id="message"
                label={_(msg`Message`)}
                error={errors.message}
                hint={
                  <span
                    className={`block text-end ${messageLength > CONTACT_LIMITS.message ? "font-semibold text-red-700" : "text-slate-600"}`}
                  >
                    {_(msg`${typed} / ${limit} characters`)}
                  </span>
                }
              >
                <Textarea
                  name="message"
                  required
                  rows={7}
                  defaultValue={values.message}
                  onChange={(event) =>
                    setMessageLength(event.target.value.length)
                  }
                  className="py-2.5"
                />
              </Field>
              <Button
                type="submit"
                pending={sending}
                pendingText={_(msg`Sending…`)}
                className="w-full sm:w-auto"
              >
                {_(msg`Send Message`)}
              </Button>
            </Form>
          )}
        </section>
        <aside
          aria-labelledby="reach-heading"
          className="self-start rounded-2xl bg-slate-50 p-6"
        >
          <h2 id="reach-heading" className="text-lg font-bold text-slate-900">
            {_(msg`Other ways to reach us`)}
          </h2>
          <ul className="mt-4 space-y-4 text-sm text-slate-700">
            <li className="flex gap-3">
              <MapPin
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-700"
              />
              <span>
                <span className="block font-semibold text-slate-900">
                  {_(msg`Headquarters`)}
                </span>
                {_(msg`Tampa, Florida, United States`)}
              </span>
            </li>
            <li className="flex gap-3">
              <Mail
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-700"
              />
              <span>
                <span className="block font-semibold text-slate-900">
                  {_(msg`E-mail`)}
                </span>
                <a
                  href="mailto:support@rentwell.test"
                  className="text-brand-700 underline"
                >
                  support@rentwell.test
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <Clock
                aria-hidden="true"
                className="size-5 shrink-0 text-brand-700"
              />
              <span>
                <span className="block font-semibold text-slate-900">
                  {_(msg`Support hours`)}
                </span>
                {_(
                  msg`24/7 support for bookings in progress. Office hours: Monday to Friday 9:00 AM-6:00 PM PST.`,
                )}
              </span>
            </li>
          </ul>
          <p className="mt-6 text-sm text-slate-600">
            {quickBefore}
            <Link to="/help" className="font-medium text-brand-700 underline">
              {_(msg`Help Center`)}
            </Link>
            {quickAfter}
          </p>
        </aside>
      </div>
    </>
  );
}
