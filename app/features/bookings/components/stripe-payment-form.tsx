import { msg } from "@lingui/core/macro";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeElementLocale } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ERROR_TEXT } from "~/lib/messages";
import { Alert } from "~/ui/alert";
import { Button } from "~/ui/button";
import { Spinner } from "~/ui/spinner";
import { useLocale, useTranslate } from "~/features/i18n/use-translate";

/**
 * The payment step's form when PAYMENT_PROVIDER=stripe (ADR 0130): Stripe Elements'
 * PaymentElement in Stripe's own frame, so card details never reach Rentwell. This
 * module is loaded only on the payment step, and Stripe.js only from there. The
 * browser confirms; the server learns the outcome from Stripe (the confirmation
 * page retrieves the intent, webhooks follow), never from this page.
 */
const loaders = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string) {
  let loader = loaders.get(publishableKey);
  if (!loader) {
    loader = loadStripe(publishableKey).catch(() => null);
    loaders.set(publishableKey, loader);
  }
  return loader;
}

const confirmationPath = (clientSecret: string) => `/booking-confirmation?payment_intent_client_secret=${encodeURIComponent(clientSecret)}`;

export default function StripePaymentForm({ publishableKey, clientSecret, total }: { publishableKey: string; clientSecret: string; total: string }) {
  const _ = useTranslate();
  // Stripe's own frame speaks the page's language too (its locales include es, fr, ja and ar).
  const locale = useLocale() as StripeElementLocale;
  const stripe = stripeFor(publishableKey);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => live && setFailed(!loaded));
    return () => {
      live = false;
    };
  }, [stripe]);
  if (failed) {
    return (
      <Alert tone="error" className="text-sm font-medium">
        {_(ERROR_TEXT.generic)}
      </Alert>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale, appearance: { theme: "stripe", variables: { colorPrimary: "#0d8472", borderRadius: "8px" } } }}>
      <ConfirmForm clientSecret={clientSecret} total={total} />
    </Elements>
  );
}

function ConfirmForm({ clientSecret, total }: { clientSecret: string; total: string }) {
  const _ = useTranslate();
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements || inFlight.current) return;
    inFlight.current = true;
    setPending(true);
    setError(null);
    try {
      const result = await stripe.confirmPayment({
        elements,
        // Redirect-based methods and 3-D Secure return here with Stripe's parameters.
        confirmParams: { return_url: new URL("/booking-confirmation", window.location.origin).toString() },
        redirect: "if_required",
      });
      if (!result.error) {
        await navigate(confirmationPath(clientSecret));
        return;
      }
      setError(result.error.message || ERROR_TEXT.generic);
    } catch {
      setError(ERROR_TEXT.generic);
    }
    inFlight.current = false;
    setPending(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-label={_(msg`Payment details`)} noValidate>
      {!ready && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner />
          {_(msg`Loading payment form...`)}
        </p>
      )}
      <PaymentElement onReady={() => setReady(true)} onLoadError={() => setError(ERROR_TEXT.generic)} options={{ layout: "tabs" }} />
      {error && (
        <Alert tone="error" className="text-sm font-medium">
          {_(error)}
        </Alert>
      )}
      <Button type="submit" block pending={pending} pendingText={_(msg`Processing...`)} disabled={!stripe || !elements || !ready}>
        {_(msg`Pay ${total}`)}
      </Button>
    </form>
  );
}
