import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";
import { formatInZone } from "../booking-widget-rules";
import type { BookingRequirementsView } from "../requirements.server";

const day = (date: string, locale?: string) => formatInZone(`${date}T12:00:00Z`, "UTC", { weekday: undefined, hour: undefined, minute: undefined, year: "numeric" }, locale);

/** A guest who deleted their account (ADR 0290): what stays of what they gave. */
export const ERASED_NOTE = translatable("The guest deleted their account: their date of birth, driving licence, cover details and addresses were erased.");

/**
 * The booking page's checkout requirements (issue #28 point 3, ADR 0279): what the guest gave,
 * to the guest, and to the host once the booking is confirmed (the loader decides who sees what).
 */
export function BookingRequirementsSection({ view, role, timeZone }: { view: BookingRequirementsView; role: "guest" | "host"; timeZone: string }) {
  const _ = useTranslate();
  const locale = useLocale();
  return (
    <section aria-labelledby="booking-requirements-heading" className="mt-8 space-y-3" data-testid="booking-requirements">
      <h2 id="booking-requirements-heading" className="text-lg font-semibold text-slate-900">
        {role === "guest" ? _(msg`What you gave at checkout`) : _(msg`What the guest gave at checkout`)}
      </h2>
      {view.erased && (
        <p className="text-sm text-slate-700" data-testid="booking-requirements-erased">
          {_(ERASED_NOTE)}
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {role === "guest" && view.dateOfBirth && (
          <>
            <dt className="text-slate-600">{_(msg`Date of birth`)}</dt>
            <dd className="text-slate-900">{day(view.dateOfBirth, locale)}</dd>
          </>
        )}
        {role === "host" && view.ageAtStart !== null && (
          <>
            <dt className="text-slate-600">{_(msg`Age on the first day`)}</dt>
            <dd className="text-slate-900">{view.ageAtStart}</dd>
          </>
        )}
        {view.licence && (
          <>
            <dt className="text-slate-600">{_(msg`Driving licence`)}</dt>
            <dd className="break-words text-slate-900" data-testid="booking-licence">
              <span className="font-mono">{view.licence.number}</span> · {view.licence.countryName} · {_(msg`valid until ${day(view.licence.expiry, locale)}`)}
            </dd>
          </>
        )}
        {view.waiver && (
          <>
            <dt className="text-slate-600">{_(msg`Waiver`)}</dt>
            <dd className="text-slate-900" data-testid="booking-waiver">
              {_(msg`Accepted on ${formatInZone(view.waiver.acceptedAt, timeZone, { year: "numeric" }, locale)} (${timeZone.replace(/_/g, " ")})`)}
              {view.waiver.acceptedIp ? ` ${_(msg`from ${view.waiver.acceptedIp}`)}` : ""}
            </dd>
          </>
        )}
        {view.insurance && (
          <>
            <dt className="text-slate-600">{_(msg`Insurance`)}</dt>
            <dd className="break-words text-slate-900" data-testid="booking-insurance">
              {view.insurance.kind === "protection" ? (
                _(msg`Rentwell Protection bought at checkout`)
              ) : view.insurance.cover ? (
                <>
                  {_(msg`Own cover: ${view.insurance.cover.insurerName}`)} · {_(msg`policy`)} <span className="font-mono">{view.insurance.cover.policyNumber}</span>
                </>
              ) : (
                _(msg`Own cover (details erased)`)
              )}
            </dd>
          </>
        )}
        {view.fulfilment && (
          <>
            <dt className="text-slate-600">{view.fulfilment.kind === "delivery" && view.fulfilment.address ? _(msg`Delivery to`) : _(msg`Handover`)}</dt>
            <dd className="break-words text-slate-900" data-testid="booking-fulfilment">
              {view.fulfilment.kind === "delivery" && !view.fulfilment.address ? (
                _(msg`Delivered (address erased)`)
              ) : view.fulfilment.kind === "delivery" && view.fulfilment.address ? (
                <address className="not-italic">
                  {view.fulfilment.address.street}
                  <br />
                  {view.fulfilment.address.postalCode} {view.fulfilment.address.city}
                  <br />
                  {view.fulfilment.address.countryName}
                </address>
              ) : (
                _(msg`The guest picks it up`)
              )}
            </dd>
          </>
        )}
      </dl>
      {view.waiver && (
        <details className="rounded-lg border border-slate-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">{_(msg`The waiver as accepted`)}</summary>
          <p className="mt-2 whitespace-pre-line break-words text-slate-700">{view.waiver.text}</p>
        </details>
      )}
    </section>
  );
}
