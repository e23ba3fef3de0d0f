import { msg } from "@lingui/core/macro";
import { Camera, ImagePlus } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { announceAvatar } from "~/features/auth/avatar-updated";
import { useTranslate } from "~/features/i18n/use-translate";
import {
  PROFILE_IMAGE_ACCEPT,
  profileImageProblem,
  type ProfileImageKind,
} from "~/features/media/profile-image-rules";
import { ERROR_TEXT } from "~/lib/messages";
import { Alert } from "~/ui/alert";
import { Avatar } from "~/ui/avatar";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/use-hydrated";

const FAILED = {
  avatar: ERROR_TEXT.uploadAvatar,
  banner: ERROR_TEXT.uploadBanner,
} as const;

/** Sends one file to POST /api/profile/images; the new URL, or the text to show. */
async function upload(
  kind: ProfileImageKind,
  file: File,
): Promise<{ url: string } | { error: string }> {
  const body = new FormData();
  body.append("file", file);
  try {
    const response = await fetch(`/api/profile/images?kind=${kind}`, {
      method: "POST",
      body,
      headers: { Accept: "application/json" },
    });
    const json = (await response.json().catch(() => null)) as {
      url?: string;
      error?: string;
    } | null;
    if (response.ok && json?.url) return { url: json.url };
    return { error: json?.error || FAILED[kind] };
  } catch {
    return { error: FAILED[kind] };
  }
}

/**
 * The banner and the avatar of /profile with their upload buttons (docs/product.md#profile,
 * #media). The file is checked in the browser first (type, size), then on the server.
 * While one upload runs both buttons say so and refuse another; a new avatar is announced
 * to the header at once ('avatarUpdated').
 */
export function ProfileImagesEditor({
  avatarUrl,
  bannerUrl,
}: {
  avatarUrl: string | null;
  bannerUrl: string | null;
}) {
  const _ = useTranslate();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState<ProfileImageKind | null>(null);
  const [error, setError] = useState<{
    kind: ProfileImageKind;
    message: string;
  } | null>(null);
  const [uploaded, setUploaded] = useState<
    Partial<Record<ProfileImageKind, string>>
  >({});
  const inputs = {
    avatar: useRef<HTMLInputElement>(null),
    banner: useRef<HTMLInputElement>(null),
  };
  const busy = useRef(false);

  async function onChosen(kind: ProfileImageKind, file: File | undefined) {
    if (!file || busy.current) return;
    setError(null);
    const problem = profileImageProblem(kind, file);
    if (problem) return setError({ kind, message: problem });
    busy.current = true;
    setUploading(kind);
    const result = await upload(kind, file);
    busy.current = false;
    setUploading(null);
    if ("error" in result) return setError({ kind, message: result.error });
    setUploaded((current) => ({ ...current, [kind]: result.url }));
    if (kind === "avatar") announceAvatar(result.url);
    void revalidator.revalidate();
  }

  const banner = uploaded.banner ?? bannerUrl;
  const avatar = uploaded.avatar ?? avatarUrl;
  const picker = (kind: ProfileImageKind, label: string) => (
    <input
      ref={inputs[kind]}
      type="file"
      accept={PROFILE_IMAGE_ACCEPT}
      className="sr-only"
      tabIndex={-1}
      aria-hidden="true"
      data-testid={`${kind}-input`}
      aria-label={label}
      disabled={uploading !== null}
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = "";
        void onChosen(kind, file);
      }}
    />
  );

  return (
    <section aria-label={_(msg`Banner and profile photo`)}>
      <div className="relative h-36 overflow-hidden rounded-2xl bg-gradient-to-r from-brand-700 to-brand-500 sm:h-52">
        {banner && (
          <img
            src={banner}
            alt={_(msg`Your banner`)}
            className="size-full object-cover"
          />
        )}
        <div className="absolute end-3 bottom-3">
          {picker("banner", _(msg`Banner image file`))}
          <Button
            variant="inverse"
            size="sm"
            disabled={!hydrated || uploading !== null}
            pending={uploading === "banner"}
            pendingText={_(msg`Uploading banner…`)}
            onClick={() => inputs.banner.current?.click()}
          >
            <ImagePlus className="size-4" aria-hidden="true" /> {_(msg`Change banner`)}
          </Button>
        </div>
      </div>
      <div className="relative -mt-12 flex flex-col items-start gap-3 px-4 sm:-mt-14 sm:flex-row sm:items-end sm:px-6">
        <Avatar
          src={avatar}
          alt={_(msg`Your profile photo`)}
          className="size-24 border-4 border-white bg-white shadow sm:size-28"
        />
        {picker("avatar", _(msg`Profile photo file`))}
        <Button
          variant="secondary"
          size="sm"
          disabled={!hydrated || uploading !== null}
          pending={uploading === "avatar"}
          pendingText={_(msg`Uploading photo…`)}
          onClick={() => inputs.avatar.current?.click()}
        >
          <Camera className="size-4" aria-hidden="true" /> {_(msg`Change photo`)}
        </Button>
      </div>
      <p className="mt-2 px-4 text-xs text-slate-600 sm:px-6">
        {_(msg`Photo: an image up to 5MB. Banner: an image up to 10MB.`)}
      </p>
      {error && (
        <Alert
          tone="error"
          className="mt-3"
          data-testid={`${error.kind}-error`}
        >
          {_(error.message)}
        </Alert>
      )}
    </section>
  );
}
