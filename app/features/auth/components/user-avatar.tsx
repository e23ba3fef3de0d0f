import { useEffect, useState } from "react";
import { Avatar } from "~/ui/avatar";

/**
 * The signed-in user's avatar, or a placeholder icon when there is none or the image
 * fails to load (spec §2). Follows the browser event 'avatarUpdated' (spec §4), which
 * the profile page sends with `{ avatarUrl }` after an upload.
 */
export function UserAvatar({ src }: { src: string | null }) {
  const [override, setOverride] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    function onAvatarUpdated(event: Event) {
      const detail = (event as CustomEvent<{ avatarUrl?: unknown }>).detail;
      if (detail && typeof detail.avatarUrl === "string") setOverride(detail.avatarUrl);
    }
    window.addEventListener("avatarUpdated", onAvatarUpdated);
    return () => window.removeEventListener("avatarUpdated", onAvatarUpdated);
  }, []);

  return <Avatar src={override ?? src} size="sm" />;
}
