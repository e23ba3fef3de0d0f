import { CheckCircle2, Mail } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import { precheckEmail, type NewsletterResult } from "../newsletter-messages";

/**
 * The newsletter box (footer, blog, /newsletter). Posts to /newsletter: with
 * JavaScript through a fetcher (stays on the page), without it as a normal form
 * whose result page shows the same message.
 */
export function NewsletterForm({
  source,
  tone = "light",
  heading = "Subscribe to our newsletter",
  headingLevel = 2,
  description = "Rental tips, host stories and city guides, once or twice a month. Unsubscribe any time.",
  result: initialResult,
}: {
  source: "footer" | "blog" | "page";
  tone?: "light" | "dark";
  heading?: string;
  headingLevel?: 2 | 3;
  description?: string;
  result?: NewsletterResult | null;
}) {
  const fetcher = useFetcher<NewsletterResult>({ key: `newsletter-${source}` });
  const id = useId();
  const [clientError, setClientError] = useState<string | null>(null);
  const serverResult = fetcher.data ?? initialResult ?? null;
  const result: NewsletterResult | null = clientError
    ? { status: "invalid", message: clientError, fieldError: clientError }
    : serverResult;
  const busy = fetcher.state !== "idle";
  const Heading = `h${headingLevel}` as const;
  const dark = tone === "dark";
  const fieldError = result?.status === "invalid" ? result.fieldError : null;
  const success = result?.status === "subscribed" || result?.status === "already-subscribed";
  return (
    <section aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`} className={`text-sm font-semibold ${dark ? "text-white" : "text-slate-900"}`}>
        {heading}
      </Heading>
      <p className={`mt-1 text-sm ${dark ? "text-brand-100" : "text-slate-600"}`}>{description}</p>
      <fetcher.Form
        method="post"
        action="/newsletter"
        className="mt-3 flex flex-col gap-2 sm:flex-row"
        onSubmit={(event) => {
          // A clear message without a round trip; the action validates with the full schema.
          const problem = precheckEmail(new FormData(event.currentTarget).get("email"));
          setClientError(problem);
          if (problem) event.preventDefault();
        }}
      >
        <input type="hidden" name="source" value={source} />
        <label htmlFor={`${id}-email`} className="sr-only">
          E-mail address
        </label>
        <div className="relative flex-1">
          <Mail aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            placeholder="you@example.com"
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-status`}
            className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pr-3 pl-9 text-sm text-slate-900 placeholder:text-slate-500"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className={`rounded-lg px-4 py-2.5 text-sm font-semibold disabled:opacity-70 ${
            dark ? "bg-white text-brand-800 hover:bg-brand-50" : "bg-brand-600 text-white hover:bg-brand-700"
          }`}
        >
          {busy ? "Subscribing…" : "Subscribe"}
        </button>
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
            {success && <CheckCircle2 aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />}
            {result.message}
          </>
        )}
      </p>
    </section>
  );
}
