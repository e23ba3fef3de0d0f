import { msg } from "@lingui/core/macro";
import { useFetcher } from "react-router";
import { useTranslate } from "~/features/i18n/use-translate";
import { ERROR_TEXT } from "~/lib/messages";
import { Switch } from "~/ui/switch";

type Result = { ok: boolean; available?: boolean; error: string | null };

export const AVAILABILITY_FAILED = ERROR_TEXT.updateAvailability;

/**
 * The owner's Available/Unavailable switch on the space page (docs/product.md#space-page). Render
 * it only when the signed-in user owns the listing; the server checks again
 * (POST /api/spaces/:id/availability). After the change the page's loader runs
 * again, so 'Temporarily Unavailable' appears or disappears with it.
 */
export function OwnerAvailabilityToggle({ spaceId, available }: { spaceId: string; available: boolean }) {
  const _ = useTranslate();
  const fetcher = useFetcher<Result>();
  const pending = fetcher.formData ? fetcher.formData.get("available") === "true" : undefined;
  const failed = fetcher.state === "idle" && fetcher.data && !fetcher.data.ok;
  const current = pending ?? available;
  const error = failed ? fetcher.data?.error || AVAILABILITY_FAILED : null;
  return (
    <div className="flex flex-col gap-1" data-testid="owner-availability">
      <fetcher.Form method="post" action={`/api/spaces/${spaceId}/availability`} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="available" value={String(!current)} />
        <Switch type="submit" checked={current} aria-label={_(msg`Available for booking`)} disabled={fetcher.state !== "idle"}>
          {current ? _(msg`Available`) : _(msg`Unavailable`)}
        </Switch>
        <span className="text-sm text-slate-700">{current ? _(msg`Guests can book it.`) : _(msg`Guests see it as Temporarily Unavailable.`)}</span>
      </fetcher.Form>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {_(error)}
        </p>
      )}
    </div>
  );
}
