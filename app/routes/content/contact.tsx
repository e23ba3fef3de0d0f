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
import { CONTACT_MAX_BODY_BYTES, handleContactForm } from "~/features/content/contact/contact-action.server";
import { CONTACT_LIMITS, CONTACT_SUBJECT_OPTIONS, contactSchema, isContactSubject, type ContactInput } from "~/features/content/contact/contact-schema";
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
    return data(
      {
        status: "invalid" as const,
        fieldErrors: { message: `Your message is too long: please keep it under ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters.` },
        values: {},
      },
      { status: 413 },
    );
  }
  const db = await getDb();
  const result = await handleContactForm(db, body.form, clientIp(request));
  const status = result.status === "sent" || result.status === "already-sent" ? 200 : result.status === "rate-limited" ? 429 : 400;
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
  return CONTACT_SUBJECT_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

/** The contact schema, run in the browser before sending (the action runs it again). */
const validateContact = (formData: FormData) => parseForm(contactSchema, formData);

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [messageLength, setMessageLength] = useState(0);
  const sending = navigation.state === "submitting";
  const sent = actionData?.status === "sent" || actionData?.status === "already-sent" ? actionData : null;
  const { formRef, errors, onSubmit } = useFormErrors<keyof ContactInput>({
    validate: validateContact,
    serverErrors: actionData?.status === "invalid" ? actionData.fieldErrors : undefined,
  });
  const values: Partial<Record<keyof ContactInput, string>> = actionData?.status === "invalid" ? actionData.values : {};
  const rateLimited = actionData?.status === "rate-limited" ? actionData.message : null;

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        lead="Questions about a booking, hosting, billing or a partnership? Send us a message and our team will reply by e-mail."
      />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="form-heading">
          <h2 id="form-heading" className="text-2xl font-bold text-slate-900">
            Send us a message
          </h2>
          {sent ? (
            <div role="status" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-6">
              <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
                <CheckCircle2 aria-hidden="true" className="size-6" />{" "}
                {sent.status === "sent" ? "Message sent" : "Message already received"}
              </p>
              <p className="mt-2 text-emerald-900">
                {sent.status === "sent"
                  ? `Thank you, ${sent.name}! We have received your message and will reply by e-mail within one business day.`
                  : `Thank you, ${sent.name}! We already received this message from you, so there is no need to send it again. We will reply by e-mail within one business day.`}
              </p>
              <dl className="mt-4 rounded-lg border border-emerald-200 bg-white p-4 text-sm text-slate-700">
                <dt className="font-semibold text-slate-900">Subject</dt>
                <dd className="mt-0.5">{subjectLabel(sent.subject)}</dd>
                <dt className="mt-3 font-semibold text-slate-900">Your message</dt>
                <dd className="mt-0.5 break-words whitespace-pre-wrap">{sent.body}</dd>
              </dl>
              <Link to="/contact" reloadDocument className="mt-4 inline-block font-semibold text-emerald-800 underline">
                Send another message
              </Link>
            </div>
          ) : (
            <Form ref={formRef} method="post" noValidate className="mt-6 space-y-5" onSubmit={onSubmit}>
              {rateLimited && (
                <Alert tone="error" className="p-3 text-sm font-medium">
                  {rateLimited}
                </Alert>
              )}
              <div className="grid gap-5 sm:grid-cols-2">
                <Field id="name" label="Name" error={errors.name}>
                  <Input name="name" required maxLength={CONTACT_LIMITS.name} autoComplete="name" defaultValue={values.name} className="py-2.5" />
                </Field>
                <Field id="email" label="E-mail" error={errors.email}>
                  <Input name="email" type="email" required maxLength={CONTACT_LIMITS.email} autoComplete="email" defaultValue={values.email} className="py-2.5" />
                </Field>
              </div>
              <Field id="subject" label="Subject" error={errors.subject}>
                <Select name="subject" required defaultValue={values.subject ?? loaderData.subject ?? ""} className="py-2.5">
                  <option value="" disabled>
                    Choose a subject
                  </option>
                  {CONTACT_SUBJECT_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field
                id="message"
                label="Message"
                error={errors.message}
                hint={
                  <span className={`block text-right ${messageLength > CONTACT_LIMITS.message ? "font-semibold text-red-700" : "text-slate-600"}`}>
                    {messageLength.toLocaleString("en-US")} / {CONTACT_LIMITS.message.toLocaleString("en-US")} characters
                  </span>
                }
              >
                <Textarea
                  name="message"
                  required
                  rows={7}
                  defaultValue={values.message}
                  onChange={(event) => setMessageLength(event.target.value.length)}
                  className="py-2.5"
                />
              </Field>
              <Button type="submit" pending={sending} pendingText="Sending…" className="w-full sm:w-auto">
                Send Message
              </Button>
            </Form>
          )}
        </section>
        <aside aria-labelledby="reach-heading" className="self-start rounded-2xl bg-slate-50 p-6">
          <h2 id="reach-heading" className="text-lg font-bold text-slate-900">
            Other ways to reach us
          </h2>
          <ul className="mt-4 space-y-4 text-sm text-slate-700">
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              <span>
                <span className="block font-semibold text-slate-900">Headquarters</span>
                Tampa, Florida, United States
              </span>
            </li>
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              <span>
                <span className="block font-semibold text-slate-900">E-mail</span>
                <a href="mailto:support@rentwell.test" className="text-brand-700 underline">
                  support@rentwell.test
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <Clock aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
              <span>
                <span className="block font-semibold text-slate-900">Support hours</span>
                24/7 support for bookings in progress. Office hours: Monday to Friday 9:00 AM-6:00 PM PST.
              </span>
            </li>
          </ul>
          <p className="mt-6 text-sm text-slate-600">
            Looking for a quick answer? Visit the{" "}
            <Link to="/help" className="font-medium text-brand-700 underline">
              Help Center
            </Link>
            .
          </p>
        </aside>
      </div>
    </>
  );
}
