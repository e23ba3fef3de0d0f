import { msg } from "@lingui/core/macro";
import { Suspense, useContext, useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import { lazyWithTexts } from "~/features/i18n/lazy-with-texts";
import { useTranslate } from "~/features/i18n/use-translate";
import { useLocation, useRouteLoaderData } from "react-router";
import { AuthDialogContext } from "~/features/auth/components/auth-dialog-context";
import { cn } from "~/ui/cn";
import { post, WISHLISTS_ENDPOINT as ENDPOINT } from "./save-heart-api";

// The list dialog (with its form schema and dialog primitives) loads when first wanted, not with every card.
const ChooseListDialog = lazyWithTexts(() => import("./save-heart-dialog").then((module) => ({ default: module.ChooseListDialog })));

/**
 * The heart on a listing card and on the space page (issue #27 point 5,
 * docs/decisions/0230-wishlists.md). Without JavaScript it is a form that POSTs
 * `intent=save` to /api/wishlists (the server saves to the default list and comes back
 * with a toast). With JavaScript it fills at once (optimistic), saves to the default
 * list and opens a small dialog to pick another list or make one; pressed again it
 * removes the listing from every list. Signed out, it opens the sign-in dialog and
 * remembers the listing: once signed in, the save happens.
 */

const INTENT_KEY = "rentwell:wishlist-intent";

/* One page-wide set of saved listing ids, loaded once per signed-in user and changed optimistically. */
let savedIds = new Set<string>();
let loadedFor: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function setSaved(spaceId: string, saved: boolean) {
  savedIds = new Set(savedIds);
  if (saved) savedIds.add(spaceId);
  else savedIds.delete(spaceId);
  emit();
}
function loadSaved(userId: string | null) {
  if (loadedFor === userId) return;
  loadedFor = userId;
  savedIds = new Set();
  emit();
  if (!userId) return;
  void fetch(ENDPOINT, { headers: { Accept: "application/json" }, credentials: "same-origin" })
    .then((response) => (response.ok ? response.json() : null))
    .then((body: { savedIds?: string[] } | null) => {
      if (loadedFor !== userId || !body?.savedIds) return;
      savedIds = new Set(body.savedIds);
      emit();
    })
    .catch(() => undefined);
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className={cn("size-5", filled ? "fill-rose-600 stroke-rose-600" : "fill-none stroke-current")} aria-hidden="true">
      <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
    </svg>
  );
}

export function SaveHeart({ spaceId, title, className, variant = "overlay" }: { spaceId: string; title: string; className?: string; variant?: "overlay" | "plain" }) {
  const _ = useTranslate();
  const root = useRouteLoaderData("root") as { user?: { id: string } | null } | undefined;
  const userId = root?.user?.id ?? null;
  const authDialog = useContext(AuthDialogContext);
  const location = useLocation();
  const saved = useSyncExternalStore(
    subscribe,
    () => savedIds.has(spaceId),
    () => false,
  );
  const [dialogOpen, setDialogOpen] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => loadSaved(userId), [userId]);

  async function save() {
    setSaved(spaceId, true);
    const answer = await post({ intent: "save", spaceId });
    if (!answer.ok) {
      setSaved(spaceId, false);
      setStatus(answer.error);
      return;
    }
    setStatus(answer.message);
    setDialogOpen(true);
  }

  // Signed in after pressing the heart: the remembered save happens now.
  useEffect(() => {
    if (!userId) return;
    let pending: string | null = null;
    try {
      pending = sessionStorage.getItem(INTENT_KEY);
    } catch {
      pending = null;
    }
    if (pending !== spaceId) return;
    // After the render: the save updates this component's state.
    const timer = setTimeout(() => {
      try {
        sessionStorage.removeItem(INTENT_KEY);
      } catch {
        /* private mode: nothing to forget */
      }
      void save();
    }, 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sign-in, for this listing
  }, [userId, spaceId]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!userId) {
      try {
        sessionStorage.setItem(INTENT_KEY, spaceId);
      } catch {
        /* without storage the guest presses the heart again after signing in */
      }
      authDialog?.openSignIn("signin");
      return;
    }
    if (saved) {
      setSaved(spaceId, false);
      const answer = await post({ intent: "remove", spaceId });
      if (!answer.ok) setSaved(spaceId, true);
      setStatus(answer.ok ? answer.message : answer.error);
      return;
    }
    await save();
  }

  const label = saved ? _(msg`Remove ${title} from your wishlists`) : _(msg`Save ${title} to a wishlist`);
  const short = saved ? _(msg`Saved`) : _(msg`Save`);
  return (
    <>
      <form method="post" action={ENDPOINT} onSubmit={(event) => void onSubmit(event)} className={cn("relative z-10", className)}>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="spaceId" value={spaceId} />
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <button
          type="submit"
          aria-label={label}
          aria-pressed={saved}
          title={short}
          className={cn(
            "inline-flex items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
            variant === "overlay" ? "size-10 bg-white/90 text-slate-800 shadow hover:bg-white" : "h-10 gap-2 border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50",
          )}
        >
          <HeartIcon filled={saved} />
          {variant === "plain" && <span>{short}</span>}
        </button>
        <span role="status" className="sr-only">
          {status ? _(status) : ""}
        </span>
      </form>
      {dialogOpen && (
        <Suspense fallback={null}>
          <ChooseListDialog spaceId={spaceId} title={title} message={status} onClose={() => setDialogOpen(false)} onSavedChange={(any) => setSaved(spaceId, any)} />
        </Suspense>
      )}
    </>
  );
}
