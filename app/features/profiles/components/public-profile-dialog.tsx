import { Clock, Home, Star } from "lucide-react";
import { useContext, useEffect, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { AuthDialogContext } from "~/features/auth/components/auth-dialog-context";
import { cardImageUrl } from "~/features/media/urls";
import { ERROR_TEXT, NOT_FOUND_TEXT } from "~/lib/messages";
import { formatMinorWhole } from "~/lib/money";
import { Alert } from "~/ui/alert";
import { Avatar } from "~/ui/avatar";
import { Dialog, DialogContent, DialogTitle } from "~/ui/dialog";
import { EmptyState } from "~/ui/empty-state";
import { ContactHostButton } from "~/features/messages/components/contact-host-button";
import { hostDisplayName, PROFILE_LISTING_LIMIT, type PublicProfile } from "../public-profile";

/** 'Contact Host' (docs/product.md#messages); a host without a listing to ask about has none. */
function ContactHost({ spaceId, signedIn, onSignInWanted }: { spaceId: string | undefined; signedIn: boolean; onSignInWanted(): void }) {
  if (!spaceId) return null;
  return <ContactHostButton spaceId={spaceId} signedIn={signedIn} onSignInWanted={onSignInWanted} size="md" className="py-2" />;
}

type State = { status: "loading" } | { status: "error"; message: string } | { status: "not-found" } | { status: "loaded"; profile: PublicProfile };

function joinedText(iso: string) {
  return new Date(iso).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/**
 * The public profile of a host (docs/product.md#host-profile, with its states), fed by
 * GET /api/profiles/:id each time it opens. 'Contact Host' opens the conversation about
 * `spaceId` (the listing the dialog was opened from), else about the host's first listing.
 */
export function PublicProfileDialog({
  hostId,
  spaceId,
  open,
  onOpenChange,
}: {
  hostId: string;
  spaceId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="lg" placement="sheet">
        {/* Mounted only while open, so every opening starts at 'Loading profile...'. */}
        <ProfileBody key={hostId} hostId={hostId} spaceId={spaceId} onOpenChange={onOpenChange} />
      </DialogContent>
    </Dialog>
  );
}

function ProfileBody({ hostId, spaceId, onOpenChange }: { hostId: string; spaceId?: string; onOpenChange: (open: boolean) => void }) {
  const [state, setState] = useState<State>({ status: "loading" });
  const authDialog = useContext(AuthDialogContext);
  const root = useRouteLoaderData("root") as { user?: { id: string } | null } | undefined;
  const viewer = root?.user ?? null;

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
          message: error instanceof Error && error.message ? error.message : ERROR_TEXT.loadProfile,
        });
      });
    return () => controller.abort();
  }, [hostId]);

  const profile = state.status === "loaded" ? state.profile : null;
  const name = profile ? hostDisplayName(profile.fullName) : "Host profile";

  return (
    <>
      <DialogTitle className="sr-only">{name}</DialogTitle>
      {state.status === "loading" && (
        <p role="status" className="py-12 text-center text-slate-600">
          Loading profile...
        </p>
      )}
      {state.status === "error" && (
        <Alert tone="error" className="my-8 p-4">
          {state.message}
        </Alert>
      )}
      {state.status === "not-found" && (
        <p role="alert" className="py-12 text-center text-lg font-semibold text-slate-800">
          {NOT_FOUND_TEXT.profile}
        </p>
      )}
      {profile && (
        <div className="space-y-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <Avatar src={profile.avatarUrl} size="xl" />
            <div className="flex-1 space-y-1">
              <p className="text-2xl font-bold text-slate-900" aria-hidden="true">
                {name}
              </p>
              <p className="flex items-center gap-1 text-sm text-slate-700">
                <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden="true" />
                <span>
                  {profile.stats.averageRating.toFixed(1)} ({profile.stats.totalReviews} reviews)
                </span>
              </p>
              <p className="text-sm text-slate-600">Joined {joinedText(profile.createdAt)}</p>
              <p className="flex items-center gap-1 text-sm text-slate-600">
                <Clock className="h-4 w-4" aria-hidden="true" />
                {profile.responseRate}% response rate · Responds {profile.responseTime}
              </p>
            </div>
            <div className="sm:self-start">
              {viewer?.id === profile.id ? null : (
                <ContactHost
                  spaceId={spaceId ?? profile.listings[0]?.id}
                  signedIn={Boolean(viewer)}
                  onSignInWanted={() => {
                    onOpenChange(false);
                    authDialog?.openSignIn();
                  }}
                />
              )}
            </div>
          </div>

          <dl className="grid grid-cols-3 gap-3 text-center">
            {[
              ["Active Listings", String(profile.stats.totalListings)],
              ["Total Reviews", String(profile.stats.totalReviews)],
              ["Response Rate", `${profile.responseRate}%`],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl bg-slate-50 p-3">
                <dt className="text-xs text-slate-600 sm:text-sm">{label}</dt>
                <dd className="text-xl font-bold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>

          {profile.bio && (
            <section aria-labelledby="profile-about">
              <h3 id="profile-about" className="font-semibold text-slate-900">
                About
              </h3>
              <p className="mt-1 whitespace-pre-line text-slate-700">{profile.bio}</p>
            </section>
          )}

          <section aria-labelledby="profile-listings">
            <h3 id="profile-listings" className="font-semibold text-slate-900">
              Listings
            </h3>
            {profile.listings.length === 0 ? (
              <EmptyState
                className="mt-3 py-6"
                headingLevel={4}
                icon={<Home className="size-8" />}
                title="No Active Listings"
                description="This host doesn't have any active listings at the moment."
              />
            ) : (
              <>
                <ul className="mt-3 grid gap-3 sm:grid-cols-2">
                  {profile.listings.map((listing) => (
                    <li key={listing.id} className="relative flex gap-3 rounded-xl border border-slate-200 p-2 hover:bg-slate-50">
                      <img
                        src={listing.image ? cardImageUrl(listing.image) : "/demo/fallback.webp"}
                        alt=""
                        className="h-16 w-20 shrink-0 rounded-lg object-cover"
                        loading="lazy"
                        onError={(event) => {
                          event.currentTarget.src = "/demo/fallback.webp";
                        }}
                      />
                      <div className="min-w-0 text-sm">
                        <Link
                          to={listing.path}
                          onClick={() => onOpenChange(false)}
                          className="line-clamp-1 font-semibold text-slate-900 after:absolute after:inset-0"
                        >
                          {listing.title}
                        </Link>
                        <p className="truncate text-slate-600">{listing.location}</p>
                        <p className="text-slate-800">
                          {listing.hourlyPrice != null && listing.hourlyPrice > 0
                            ? `${formatMinorWhole(listing.hourlyPrice, listing.currency)}/hr`
                            : "Price on request"}
                          {listing.reviewCount > 0 && (
                            <span className="ml-2 inline-flex items-center gap-0.5 text-slate-600">
                              <Star className="h-3.5 w-3.5 fill-amber-400 text-amber-400" aria-hidden="true" />
                              {listing.rating.toFixed(1)}
                            </span>
                          )}
                        </p>
                      </div>
                    </li>
                  ))}
                </ul>
                {profile.stats.totalListings > PROFILE_LISTING_LIMIT && (
                  <p className="mt-3 text-center text-sm text-slate-600">
                    And {profile.stats.totalListings - PROFILE_LISTING_LIMIT} more listings...
                  </p>
                )}
              </>
            )}
          </section>
        </div>
      )}
    </>
  );
}
