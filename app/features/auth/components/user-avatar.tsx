import { UserRound } from "lucide-react";
import { useEffect, useState } from "react";

/**
 * The signed-in user's avatar, or a placeholder icon when there is none or the image
 * fails to load (spec §2). Follows the browser event 'avatarUpdated' (spec §4), which
 * the profile page sends with `{ avatarUrl }` after an upload.
 */
export function UserAvatar({ src, size = "h-8 w-8" }: { src: string | null; size?: string }) {
  const [override, setOverride] = useState<string | null | undefined>(undefined);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);

  useEffect(() => {
    function onAvatarUpdated(event: Event) {
      const detail = (event as CustomEvent<{ avatarUrl?: unknown }>).detail;
      if (detail && typeof detail.avatarUrl === "string") setOverride(detail.avatarUrl);
    }
    window.addEventListener("avatarUpdated", onAvatarUpdated);
    return () => window.removeEventListener("avatarUpdated", onAvatarUpdated);
  }, []);

  const url = override ?? src;
  if (!url || brokenSrc === url) {
    return (
      <span
        className={`${size} inline-flex shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-500`}
        data-testid="avatar-placeholder"
        aria-hidden="true"
      >
        <UserRound className="h-2/3 w-2/3" />
      </span>
    );
  }
  return (
    <img
      src={url}
      alt=""
      className={`${size} shrink-0 rounded-full object-cover`}
      onError={() => setBrokenSrc(url)}
      referrerPolicy="no-referrer"
    />
  );
}
