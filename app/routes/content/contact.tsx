import { CheckCircle2, Clock, Mail, MapPin } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHero } from "~/features/content/components/page-hero";
import { readSmallForm } from "~/features/content/form-body.server";
import { CONTACT_MAX_BODY_BYTES, handleContactForm } from "~/features/content/contact/contact-action.server";
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECT_OPTIONS,
  isContactSubject,
  parseContact,
  type ContactFieldErrors,
} from "~/features/content/contact/contact-schema";
import { clientIp } from "~/features/security/client-ip.server";
import { getDb } from "~/lib/db.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

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
        errors: { message: `Your message is too long: please keep it under ${CONTACT_LIMITS.message.toLocaleString("en-US")} characters.` },
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

const inputClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600";

function subjectLabel(value: string) {
  return CONTACT_SUBJECT_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<ContactFieldErrors | null>(null);
  const [messageLength, setMessageLength] = useState(0);
  const sending = navigation.state === "submitting";
  const sent = actionData?.status === "sent" || actionData?.status === "already-sent" ? actionData : null;
  const serverErrors = actionData?.status === "invalid" ? actionData.errors : {};
  const errors: ContactFieldErrors = clientErrors ?? serverErrors;
  const values: Partial<Record<keyof ContactFieldErrors, string>> = actionData?.status === "invalid" ? actionData.values : {};
  const rateLimited = actionData?.status === "rate-limited" ? actionData.message : null;
  const describedBy = (name: keyof ContactFieldErrors, extra?: string) =>
    [errors[name] ? `${name}-error` : null, extra].filter(Boolean).join(" ") || undefined;

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
            <Form
              method="post"
              className="mt-6 space-y-5"
              onSubmit={(event) => {
                const fields = Object.fromEntries(new FormData(event.currentTarget));
                const parsed = parseContact(fields);
                if (!parsed.ok) {
                  event.preventDefault();
                  setClientErrors(parsed.errors);
                  const first = Object.keys(parsed.errors)[0];
                  if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
                } else {
                  setClientErrors(null);
                }
              }}
            >
              {rateLimited && (
                <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
                  {rateLimited}
                </p>
              )}
              <div className="grid gap-5 sm:grid-cols-2">
                <div>
                  <label htmlFor="name" className="block text-sm font-medium text-slate-800">
                    Name
                  </label>
                  <input
                    id="name"
                    name="name"
                    required
                    maxLength={CONTACT_LIMITS.name}
                    autoComplete="name"
                    defaultValue={values.name}
                    aria-invalid={errors.name ? true : undefined}
                    aria-describedby={describedBy("name")}
                    className={inputClass}
                  />
                  <FieldError id="name-error" message={errors.name} />
                </div>
                <div>
                  <label htmlFor="email" className="block text-sm font-medium text-slate-800">
                    E-mail
                  </label>
                  <input
                    id="email"
                    name="email"
                    type="email"
                    required
                    maxLength={CONTACT_LIMITS.email}
                    autoComplete="email"
                    defaultValue={values.email}
                    aria-invalid={errors.email ? true : undefined}
                    aria-describedby={describedBy("email")}
                    className={inputClass}
                  />
                  <FieldError id="email-error" message={errors.email} />
                </div>
              </div>
              <div>
                <label htmlFor="subject" className="block text-sm font-medium text-slate-800">
                  Subject
                </label>
                <select
                  id="subject"
                  name="subject"
                  required
                  defaultValue={values.subject ?? loaderData.subject ?? ""}
                  aria-invalid={errors.subject ? true : undefined}
                  aria-describedby={describedBy("subject")}
                  className={inputClass}
                >
                  <option value="" disabled>
                    Choose a subject
                  </option>
                  {CONTACT_SUBJECT_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
                <FieldError id="subject-error" message={errors.subject} />
              </div>
              <div>
                <label htmlFor="message" className="block text-sm font-medium text-slate-800">
                  Message
                </label>
                <textarea
                  id="message"
                  name="message"
                  required
                  rows={7}
                  defaultValue={values.message}
                  onChange={(event) => setMessageLength(event.target.value.length)}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={describedBy("message", "message-count")}
                  className={inputClass}
                />
                <FieldError id="message-error" message={errors.message} />
                <p
                  id="message-count"
                  className={`mt-1 text-right text-xs ${messageLength > CONTACT_LIMITS.message ? "font-semibold text-red-700" : "text-slate-600"}`}
                >
                  {messageLength.toLocaleString("en-US")} / {CONTACT_LIMITS.message.toLocaleString("en-US")} characters
                </p>
              </div>
              <button
                type="submit"
                disabled={sending}
                className="w-full rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70 sm:w-auto"
              >
                {sending ? "Sending…" : "Send Message"}
              </button>
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
