import { msg } from "@lingui/core/macro";
import { data } from "react-router";
import { SECURITY_TEXT } from "~/features/account-security/security-form";
import { ChangeEmailForm } from "~/features/auth/components/change-email-form";
import { emailStatus } from "~/features/auth/email-verification.server";
import { metaTranslate } from "~/features/i18n/translate";
import { requireUser } from "~/features/auth/session.server";
import { translatable } from "~/features/i18n/translatable";
import { useTranslate } from "~/features/i18n/use-translate";
import { NotificationSettings } from "~/features/mail/components/notification-settings";
import { ProfileDetailsForm } from "~/features/profiles/components/profile-details-form";
import { ProfileImagesEditor } from "~/features/profiles/components/profile-images-editor";
import { ProfileLinksEditor } from "~/features/profiles/components/profile-links-editor";
import { ProfilePostsEditor } from "~/features/profiles/components/profile-posts-editor";
import { IDENTITY_PATH, IDENTITY_TEXT } from "~/features/identity/identity-text";
import { identityState } from "~/features/identity/identity.server";
import { handleProfileAction } from "~/features/profiles/profile-action.server";
import { getOwnProfile, listLinks, listPosts } from "~/features/profiles/profile.server";
import { GeneralErrorBoundary } from "~/features/shell/components/general-error-boundary";
import { requestNow } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { redirectWithToast } from "~/lib/flash.server";
import { ERROR_TEXT } from "~/lib/messages";
import { bodyTooLargeResponse, readFormWithLimit } from "~/lib/read-body.server";
import { pageMeta } from "~/lib/seo";
import { Alert } from "~/ui/alert";
import { buttonVariants } from "~/ui/button";
import type { Route } from "./+types/profile";

/** The largest /profile form post: a post's 5 000 characters of content, with room for multi-byte text. */
const PROFILE_FORM_BYTES = 64 * 1024;

/** /profile for signed-in users only: signed-out visitors are sent to / by the loader (docs/product.md#permissions). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const db = await getDb();
  const profile = await getOwnProfile(db, user.id);
  const [links, posts] = await Promise.all([listLinks(db, user.id), listPosts(db, user.id)]);
  const identity = await identityState(db, user.id);
  const emailState = await emailStatus(db, user.id, requestNow(request));
  return { email: user.email, profile, links, posts, identityVerified: identity.status === "verified", emailStatus: emailState };
}

/** Every change to the member's own profile, links and posts (docs/product.md#profile). */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const body = await readFormWithLimit(request, PROFILE_FORM_BYTES);
  if (!body.ok) return bodyTooLargeResponse({ intent: null, ok: false, fieldErrors: {}, formError: translatable("That is too much text to save at once.") });
  const result = await handleProfileAction(await getDb(), user.id, body.form, requestNow(request));
  if (result.ok && result.intent === "profile") return redirectWithToast("/profile", { tone: "success", message: result.message! });
  return data(result, { status: result.status });
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const _ = metaTranslate(matches);
  return pageMeta({ title: _(msg`Profile`), description: _(msg`Edit your public profile.`), path: "/profile", matches, noIndex: true });
};

export default function Page({ loaderData }: Route.ComponentProps) {
  const { profile, links, posts, email } = loaderData;
  const _ = useTranslate();
  return (
    <div className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6">
      <ProfileImagesEditor avatarUrl={profile.avatarUrl} bannerUrl={profile.bannerUrl} />
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(msg`Profile`)}</h1>
          <p className="mt-1 truncate text-slate-600">{profile.fullName ? `${profile.fullName} · ${email}` : email}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/profile/security" className={buttonVariants({ variant: "secondary", size: "sm" })}>
            {_(SECURITY_TEXT.title)}
          </a>
          <a href={IDENTITY_PATH} className={buttonVariants({ variant: "secondary", size: "sm" })} data-testid="identity-link">
            {_(loaderData.identityVerified ? IDENTITY_TEXT.profileLinkVerified : IDENTITY_TEXT.profileLink)}
          </a>
          <a href={`/hosts/${profile.id}`} className={buttonVariants({ variant: "secondary", size: "sm" })}>
            {_(msg`View public page`)}
          </a>
        </div>
      </div>
      {/* Sections stack with the same spacing; further account sections are appended after the last. */}
      <div className="mt-8 space-y-10">
        <ProfileDetailsForm profile={profile} />
        <ProfileLinksEditor links={links} />
        <ProfilePostsEditor posts={posts} />
        <NotificationSettings />
        {loaderData.emailStatus && <ChangeEmailForm status={loaderData.emailStatus} />}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const _ = useTranslate();
  return (
    <GeneralErrorBoundary
      unexpectedError={() => (
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">{_(msg`Profile`)}</h1>
          <Alert tone="error" className="mt-6">
            {_(ERROR_TEXT.loadProfile)}
          </Alert>
        </div>
      )}
    />
  );
}
