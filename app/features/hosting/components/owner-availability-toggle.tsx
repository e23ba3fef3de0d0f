import { useFetcher } from "react-router";
import { ERROR_TEXT } from "~/lib/messages";

type Result = { ok: boolean; available?: boolean; error: string | null };

export const AVAILABILITY_FAILED = ERROR_TEXT.updateAvailability;

/**
 * The owner's Available/Unavailable switch on the space page (spec §2, §6). Render
 * it only when the signed-in user owns the listing; the server checks again
 * (POST /api/spaces/:id/availability). After the change the page's loader runs
 * again, so 'Temporarily Unavailable' appears or disappears with it.
 */
export function OwnerAvailabilityToggle({ spaceId, available }: { spaceId: string; available: boolean }) {
  const fetcher = useFetcher<Result>();
  const pending = fetcher.formData ? fetcher.formData.get("available") === "true" : undefined;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok;
  const current = pending ?? available;
  const error = failed ? fetcher.data?.error || AVAILABILITY_FAILED : null;
  return (
    <div className="flex flex-col gap-1" data-testid="owner-availability">
      <fetcher.Form method="post" action={`/api/spaces/${spaceId}/availability`} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="available" value={String(!current)} />
        <button
          type="submit"
          role="switch"
          aria-checked={current}
          aria-label="Available for booking"
          disabled={fetcher.state !== "idle"}
          className={`inline-flex min-h-11 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70 ${
            current ? "bg-emerald-700 text-white" : "bg-slate-300 text-slate-900"
          }`}
        >
          <span className={`h-2.5 w-2.5 rounded-full ${current ? "bg-white" : "bg-slate-700"}`} aria-hidden="true" />
          {current ? "Available" : "Unavailable"}
        </button>
        <span className="text-sm text-slate-700">{current ? "Guests can book it." : "Guests see it as Temporarily Unavailable."}</span>
      </fetcher.Form>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
