import { msg } from "@lingui/core/macro";
import { useContext, useEffect, useState } from "react";
import { useTranslate } from "~/features/i18n/use-translate";
import { Link, useRouteLoaderData } from "react-router";
import { useAnnouncedAvatar } from "~/features/auth/avatar-updated";
import { AuthDialogContext } from "~/features/auth/components/auth-dialog-context";
import { ERROR_TEXT, NOT_FOUND_TEXT } from "~/lib/messages";
import { Alert } from "~/ui/alert";
import { buttonVariants } from "~/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/ui/dialog";
import { hostDisplayName, type PublicProfile } from "../public-profile";
import { ContactHost, PublicProfileContent } from "./public-profile-content";

type State =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "not-found" }
  | { status: "loaded"; profile: PublicProfile };

/**
 * The public profile of a host (docs/product.md#host-profile, with its states), fed by
 * GET /api/profiles/:id each time it opens.
 */
export function PublicProfileDialog({
  hostId,
  spaceId,
  open,
  onOpenChange,
}: {
  hostId: string;
  /** The listing the dialog was opened from: 'Contact Host' asks about it. */
  spaceId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" placement="sheet">
        {/* Mounted only while open, so every opening starts at 'Loading profile...'. */}
        <ProfileBody
          key={hostId}
          hostId={hostId}
          spaceId={spaceId}
          onOpenChange={onOpenChange}
        />
      </DialogContent>
    </Dialog>
  );
}

function ProfileBody({
  hostId,
  spaceId,
  onOpenChange,
}: {
  hostId: string;
  spaceId?: string;
  onOpenChange: (open: boolean) => void;
}) {
  const [state, setState] = useState<State>({ status: "loading" });
  const authDialog = useContext(AuthDialogContext);
  const root = useRouteLoaderData("root") as
    { user?: { id: string } | null } | undefined;
  const viewer = root?.user ?? null;
  const _ = useTranslate();

  useEffect(() => {
    const controller = new AbortController();
    fetch(`/api/profiles/${encodeURIComponent(hostId)}`, {
      signal: controller.signal,
      headers: { Accept: "application/json" },
    })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as {
          profile?: PublicProfile;
          error?: string;
        } | null;
        if (response.status === 404) return setState({ status: "not-found" });
        if (!response.ok || !body?.profile) {
          return setState({
            status: "error",
            message: body?.error || ERROR_TEXT.loadProfile,
          });
        }
        setState({ status: "loaded", profile: body.profile });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({
          status: "error",
          message:
            error instanceof Error && error.message
              ? error.message
              : ERROR_TEXT.loadProfile,
        });
      });
    return () => controller.abort();
  }, [hostId]);

  const loaded = state.status === "loaded" ? state.profile : null;
  // One's own profile shows a just-uploaded avatar at once ('avatarUpdated', docs/decisions/0142-avatar-updated-event.md).
  const announcedAvatar = useAnnouncedAvatar(loaded?.avatarUrl ?? null);
  const profile =
    loaded && viewer?.id === loaded.id
      ? { ...loaded, avatarUrl: announcedAvatar }
      : loaded;
  const name = profile
    ? _(hostDisplayName(profile.fullName))
    : _(msg`Host profile`);

  return (
    <>
      <DialogTitle className="sr-only">{name}</DialogTitle>
      {state.status === "loading" && (
        <p role="status" className="py-12 text-center text-slate-600">
          {_(msg`Loading profile...`)}
        </p>
      )}
      {state.status === "error" && (
        <Alert tone="error" className="my-8 p-4">
          {_(state.message)}
        </Alert>
      )}
      {state.status === "not-found" && (
        <p
          role="alert"
          className="py-12 text-center text-lg font-semibold text-slate-800"
        >
          {_(NOT_FOUND_TEXT.profile)}
        </p>
      )}
      {profile && (
        <div className="space-y-6">
          <PublicProfileContent
            profile={profile}
            nameAs="p"
            headingLevel={3}
            onListingClick={() => onOpenChange(false)}
            contact={
              <ContactHost
                profile={profile}
                viewer={viewer}
                spaceId={spaceId}
                onSignIn={() => {
                  onOpenChange(false);
                  authDialog?.openSignIn();
                }}
              />
            }
          />
          <p className="text-center">
            <Link
              to={`/hosts/${profile.id}`}
              onClick={() => onOpenChange(false)}
              className={buttonVariants({ variant: "link", size: "text" })}
            >
              {_(msg`View full profile page`)}
            </Link>
          </p>
        </div>
      )}
    </>
  );
}
