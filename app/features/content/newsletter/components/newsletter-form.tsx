import { msg } from "@lingui/core/macro";
import { CheckCircle2, Mail } from "lucide-react";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";
import { parseForm } from "~/lib/forms";
import { Button } from "~/ui/button";
import { Input } from "~/ui/input";
import { type NewsletterResult } from "../newsletter-messages";

/** The schema (and zod) load on the first submit: the box is on every page, the validator need not be. */
const loadSchema = () => import("../newsletter-schema").then((module) => module.newsletterSchema);

/**
 * The newsletter box (footer, blog, /newsletter). Posts to /newsletter: with
 * JavaScript through a fetcher (stays on the page), without it as a normal form
 * whose result page shows the same message.
 */
export function NewsletterForm({
  source,
  tone = "light",
  heading = translatable("Subscribe to our newsletter"),
  headingLevel = 2,
  description = translatable("Rental tips, host stories and city guides, once or twice a month. Unsubscribe any time."),
  result: initialResult,
}: {
  source: "footer" | "blog" | "page";
  tone?: "light" | "dark";
  heading?: string;
  headingLevel?: 2 | 3;
  description?: string;
  result?: NewsletterResult | null;
}) {
  const _ = useTranslate();
  const fetcher = useFetcher<NewsletterResult>({ key: `newsletter-${source}` });
  const id = useId();
  const [clientError, setClientError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const serverResult = fetcher.data ?? initialResult ?? null;
  const result: NewsletterResult | null = clientError
    ? { status: "invalid", message: clientError, fieldErrors: { email: clientError } }
    : serverResult;
  const busy = checking || fetcher.state !== "idle";
  const Heading = `h${headingLevel}` as const;
  const dark = tone === "dark";
  const fieldError = result?.status === "invalid" ? result.fieldErrors.email : null;
  const success = result?.status === "subscribed" || result?.status === "already-subscribed";
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className={`text-sm font-semibold ${dark ? "text-white" : "text-slate-900"}`}>
        {_(heading)}
      </Heading>
      <p className={`mt-1 text-sm ${dark ? "text-brand-100" : "text-slate-600"}`}>{_(description)}</p>
      <fetcher.Form
        method="post"
        action="/newsletter"
        className="mt-3 flex flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
          // The action's schema runs here first: a clear message without a round trip.
          event.preventDefault();
          if (busy) return;
          const formData = new FormData(event.currentTarget);
          setChecking(true);
          void loadSchema()
            .then((schema) => {
              const checked = parseForm(schema, formData);
              if (!checked.ok) {
                flushSync(() => setClientError(checked.fieldErrors.email ?? checked.fieldErrors.form ?? null));
                inputRef.current?.focus();
                return;
              }
              setClientError(null);
              void fetcher.submit(formData, { method: "post", action: "/newsletter" });
            })
            // The validator could not load (offline): send it, the action checks it anyway.
            .catch(() => void fetcher.submit(formData, { method: "post", action: "/newsletter" }))
            .finally(() => setChecking(false));
        }}
      >
        <input type="hidden" name="source" value={source} />
        <label htmlFor={`${id}-email`} className="sr-only">
          {_(msg`E-mail address`)}
        </label>
        <div className="relative flex-1">
          <Mail aria-hidden="true" className="pointer-events-none absolute top-1/2 start-3 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            ref={inputRef}
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-status`}
            onChange={() => setClientError(null)}
            className="py-2.5 pe-3 ps-9 text-sm shadow-none placeholder:text-slate-500"
          />
        </div>
        <Button type="submit" variant={dark ? "inverse" : "primary"} size="sm" pending={busy} pendingText={_(msg`Subscribing…`)} className="px-4 py-2.5">
          {_(msg`Subscribe`)}
        </Button>
      </fetcher.Form>
      <p
        id={`${id}-status`}
        role="status"
        aria-live="polite"
        className={`mt-2 min-h-5 text-sm ${
          success ? (dark ? "text-white" : "text-emerald-700") : dark ? "font-medium text-amber-200" : "text-red-700"
        }`}
      >
        {result && (
          <>
            {success && <CheckCircle2 aria-hidden="true" className="me-1 inline size-4 align-text-bottom" />}
            {_(result.message)}
          </>
        )}
      </p>
    </section>
  );
}
