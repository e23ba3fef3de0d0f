import { i18nFor, translate } from "~/features/i18n/i18n";
import { msg } from "@lingui/core/macro";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { emailVerificationRequired } from "~/features/auth/email-verification.server";
import { requireUser } from "~/features/auth/session.server";
import { BANK_TEXT, bankDetailsSchema, PAYOUT_COUNTRIES, type BankDetailsInput } from "~/features/payouts/bank-details";
import { getPayoutAccount, saveLocalBankDetails } from "~/features/payouts/payouts.server";
import { CURRENCIES } from "~/db/listing-enums";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { redirectWithToast } from "~/lib/flash.server";
import { parseForm } from "~/lib/forms";
import { BODY_TOO_LARGE_MESSAGE, readFormWithLimit, SMALL_FORM_BYTES } from "~/lib/read-body.server";
import { localeFrom, pageMeta } from "~/lib/seo";
import { useFormErrors } from "~/lib/use-form-errors";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import { Field } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import type { Route } from "./+types/onboarding";

export const ONBOARDING_SAVED_TEXT = translatable("Your bank details are saved. Finish onboarding to receive payouts.");

/**
 * The built-in payout provider's onboarding (PAYMENT_PROVIDER=local, ADR 0120): test
 * bank details checked by their check digits. "Save and finish later" keeps the
 * account incomplete; "Finish" completes it and goes through /payouts/return, which
 * asks the provider for the account's state like Stripe's return does.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const account = await getPayoutAccount(await getDb(), user.id);
  if (!account || account.provider !== "local") throw redirect("/dashboard");
  return {
    saved: {
      accountHolder: account.accountHolder ?? "",
      country: account.country ?? "",
      currency: account.currency ?? "",
      routingNumber: account.routingNumber ?? "",
      accountLast4: account.accountLast4,
      complete: account.submittedAt !== null,
    },
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, SMALL_FORM_BYTES);
  if (!body.ok) return data({ fieldErrors: { form: BODY_TOO_LARGE_MESSAGE } as Record<string, string | undefined> }, { status: 413 });
  const parsed = parseForm(bankDetailsSchema, body.form);
  if (!parsed.ok) return data({ fieldErrors: parsed.fieldErrors as Record<string, string | undefined> }, { status: 400 });
  // Payouts need a verified e-mail address (ADR 0241).
  const unverified = await emailVerificationRequired(await getDb(), user.id, "payout");
  if (unverified) return data({ fieldErrors: { form: unverified } as Record<string, string | undefined> }, { status: 403 });
  const saved = await saveLocalBankDetails(await getDb(), { hostId: user.id, details: parsed.data, now: requestNow(request) });
  if (!saved) throw redirect("/dashboard");
  if (parsed.data.intent === "finish") throw redirect("/payouts/return");
  return redirectWithToast("/dashboard", { tone: "info", message: ONBOARDING_SAVED_TEXT });
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: translate(i18nFor(localeFrom(matches)), msg`Payout account`), description: translate(i18nFor(localeFrom(matches)), msg`Give the bank account your payouts go to.`), path: "/payouts/onboarding", matches, noIndex: true });

const validate = (formData: FormData) => parseForm(bankDetailsSchema, formData);

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const _ = useTranslate();
  const errorText = (text: string | undefined) => (text ? _(text) : undefined);
  const last4 = loaderData.saved.accountLast4 ?? "";
  const savedHint = _(msg`Saved: ending in ${last4}. Enter it again to finish.`);
  const { saved } = loaderData;
  const [country, setCountry] = useState(saved.country);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { formRef, errors, onSubmit, clearError } = useFormErrors<keyof BankDetailsInput>({ validate, serverErrors: actionData?.fieldErrors });
  const us = country === "US";
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(msg`Payout account`)}</h1>
      <p className="mt-3 text-slate-600">
        {_(
          msg`Tell us where to send your earnings. This is the built-in test-mode provider: use test details such as routing number 110000000 with account 000123456789, or the IBAN DE89 3704 0044 0532 0130 00.`,
        )}
      </p>
      <Card className="mt-8">
        <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-5">
          {errors.form && <Alert tone="error">{_(errors.form)}</Alert>}
          <Field id="accountHolder" label={_(msg`Account holder`)} error={errorText(errors.accountHolder)}>
            <Input name="accountHolder" autoComplete="name" maxLength={120} defaultValue={saved.accountHolder} onInput={() => clearError("accountHolder")} />
          </Field>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="country" label={_(msg`Bank country`)} error={errorText(errors.country)}>
              <Select
                name="country"
                defaultValue={saved.country}
                onChange={(event) => {
                  setCountry(event.target.value);
                  clearError("country");
                }}
              >
                <option value="">{_(BANK_TEXT.country)}</option>
                {PAYOUT_COUNTRIES.map((c) => (
                  <option key={c.code} value={c.code}>
                    {_(c.name)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="currency" label={_(msg`Payout currency`)} error={errorText(errors.currency)}>
              <Select name="currency" defaultValue={saved.currency} onChange={() => clearError("currency")}>
                <option value="">{_(BANK_TEXT.currency)}</option>
                {CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {us || country === "" ? (
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="routingNumber" label={_(msg`Routing number (US)`)} error={errorText(errors.routingNumber)}>
                <Input name="routingNumber" inputMode="numeric" autoComplete="off" maxLength={20} defaultValue={saved.routingNumber} onInput={() => clearError("routingNumber")} />
              </Field>
              <Field
                id="accountNumber"
                label={_(msg`Account number (US)`)}
                error={errorText(errors.accountNumber)}
                hint={saved.accountLast4 && us ? savedHint : undefined}
              >
                <Input name="accountNumber" inputMode="numeric" autoComplete="off" maxLength={30} onInput={() => clearError("accountNumber")} />
              </Field>
            </div>
          ) : null}
          {!us ? (
            <Field
              id="iban"
              label="IBAN"
              error={errorText(errors.iban)}
              hint={saved.accountLast4 && country !== "" ? savedHint : undefined}
            >
              <Input name="iban" autoComplete="off" maxLength={42} onInput={() => clearError("iban")} />
            </Field>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button type="submit" name="intent" value="save" variant="secondary" size="md" disabled={busy}>
              {_(msg`Save and finish later`)}
            </Button>
            <Button type="submit" name="intent" value="finish" size="md" pending={busy && navigation.formData?.get("intent") === "finish"} pendingText={_(msg`Checking…`)} disabled={busy}>
              {_(msg`Finish`)}
            </Button>
          </div>
        </Form>
      </Card>
    </section>
  );
}
