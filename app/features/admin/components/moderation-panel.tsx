import { msg } from "@lingui/core/macro";
import { Form } from "react-router";
import type { Translate } from "~/features/i18n/translate";
import { useTranslate } from "~/features/i18n/use-translate";
import { Badge } from "~/ui/badge";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Input } from "~/ui/input";
import { ModerationDialog } from "./moderation-dialog";

export type FoundSpace = {
  id: string;
  title: string;
  location: string;
  isPublished: boolean;
  moderationState: "unpublished" | "owner_suspended" | null;
  moderationReason: string | null;
  ownerEmail: string;
  ownerSuspended: boolean;
};

export type FoundUser = {
  id: string;
  email: string;
  fullName: string | null;
  isAdmin: boolean | null;
  suspendedAt: string | Date | null;
  suspensionReason: string | null;
};

export type FoundGuestReview = {
  id: string;
  rating: number;
  comment: string | null;
  /** Past its publication moment (both reviews written, or the 14 days passed). */
  published: boolean;
  hiddenAt: string | Date | null;
  hiddenReason: string | null;
  guestEmail: string;
  authorEmail: string | null;
};

function GuestReviewResult({ review }: { review: FoundGuestReview }) {
  const _ = useTranslate();
  const guest = review.guestEmail;
  const author = review.authorEmail ?? _(msg`a deleted host`);
  const label = _(msg`review of ${guest}`);
  const state = review.hiddenAt
    ? { text: _(msg`Hidden by an admin`), tone: "danger" as const }
    : review.published
      ? { text: _(msg`Shown`), tone: "success" as const }
      : { text: _(msg`Not published yet`), tone: "neutral" as const };
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="moderation-guest-review">
      <div className="min-w-0">
        <p className="font-semibold break-all text-slate-900">
          {review.rating}/5 · {_(msg`about ${guest}`)}
        </p>
        <p className="text-sm break-all text-slate-600">{_(msg`by ${author}`)}</p>
        {review.comment && <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{review.comment}</p>}
        {review.hiddenReason && (
          <p className="text-sm break-words text-slate-600">
            {_(msg`Reason`)}: {review.hiddenReason}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={state.tone}>{state.text}</Badge>
        {review.hiddenAt ? (
          <ModerationDialog intent="restore_guest_review" targetId={review.id} targetLabel={label} />
        ) : (
          <ModerationDialog intent="hide_guest_review" targetId={review.id} targetLabel={label} />
        )}
      </div>
    </li>
  );
}

function spaceState(space: FoundSpace, _: Translate) {
  if (space.moderationState === "unpublished") return { text: _(msg`Unpublished by an admin`), tone: "danger" as const };
  if (space.moderationState === "owner_suspended") return { text: _(msg`Hidden: owner suspended`), tone: "danger" as const };
  return space.isPublished ? { text: _(msg`Published`), tone: "success" as const } : { text: _(msg`Draft`), tone: "neutral" as const };
}

function SpaceResult({ space }: { space: FoundSpace }) {
  const _ = useTranslate();
  const state = spaceState(space, _);
  const owner = space.ownerEmail;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="moderation-space">
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">{space.title}</p>
        <p className="text-sm break-words text-slate-600">
          {space.location} · {_(msg`owner ${owner}`)}
        </p>
        {space.moderationReason && (
          <p className="text-sm break-words text-slate-600">
            {_(msg`Reason`)}: {space.moderationReason}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 sm:max-w-[60%] sm:justify-end">
        <Badge tone={state.tone}>{state.text}</Badge>
        {space.moderationState === "unpublished" ? (
          <ModerationDialog intent="republish_listing" targetId={space.id} targetLabel={space.title} />
        ) : space.moderationState === null ? (
          <ModerationDialog intent="unpublish_listing" targetId={space.id} targetLabel={space.title} />
        ) : null}
      </div>
    </li>
  );
}

function UserResult({ user }: { user: FoundUser }) {
  const _ = useTranslate();
  const label = user.fullName ? `${user.fullName} (${user.email})` : user.email;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="moderation-user">
      <div className="min-w-0">
        <p className="font-semibold break-all text-slate-900">{label}</p>
        {user.suspensionReason && (
          <p className="text-sm break-words text-slate-600">
            {_(msg`Reason`)}: {user.suspensionReason}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 sm:max-w-[60%] sm:justify-end">
        {user.isAdmin && <Badge tone="brand">{_(msg`Admin`)}</Badge>}
        {user.suspendedAt ? <Badge tone="danger">{_(msg`Suspended`)}</Badge> : <Badge tone="success">{_(msg({ message: "Active", context: "an account that is not suspended" }))}</Badge>}
        {user.suspendedAt ? (
          <ModerationDialog intent="unsuspend_user" targetId={user.id} targetLabel={user.email} />
        ) : user.isAdmin ? null : (
          <ModerationDialog intent="suspend_user" targetId={user.id} targetLabel={user.email} />
        )}
      </div>
    </li>
  );
}

/** Find a listing, an account or a host's review of a guest by title, e-mail, name, text or id, and act on it. */
export function ModerationPanel({ query, spaces, users, guestReviews = [] }: { query: string; spaces: FoundSpace[]; users: FoundUser[]; guestReviews?: FoundGuestReview[] }) {
  const _ = useTranslate();
  return (
    <>
      <Form method="get" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end" role="search" preventScrollReset>
        <Field id="moderation-q" label={_(msg`Find a listing, an account or a review of a guest`)}
          hint={_(msg`Part of a title, an e-mail, a name or a review, or an id`)} className="flex-1">
          <Input name="q" type="search" defaultValue={query} maxLength={200} className="py-2" />
        </Field>
        <Button type="submit" variant="secondary" size="md">
          {_(msg`Search`)}
        </Button>
      </Form>
      {query.trim().length >= 2 && (
        <div className="mt-4 grid gap-6 lg:grid-cols-2">
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">{_(msg`Listings`)}</h3>
            {spaces.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{_(msg`No listing matches.`)}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {spaces.map((space) => (
                  <SpaceResult key={space.id} space={space} />
                ))}
              </ul>
            )}
          </div>
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">{_(msg`Accounts`)}</h3>
            {users.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{_(msg`No account matches.`)}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {users.map((user) => (
                  <UserResult key={user.id} user={user} />
                ))}
              </ul>
            )}
          </div>
          <div className="min-w-0 lg:col-span-2">
            <h3 className="font-semibold text-slate-900">{_(msg`Reviews of guests`)}</h3>
            {guestReviews.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">{_(msg`No review of a guest matches.`)}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {guestReviews.map((review) => (
                  <GuestReviewResult key={review.id} review={review} />
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </>
  );
}
