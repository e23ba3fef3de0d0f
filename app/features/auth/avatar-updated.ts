import { useEffect, useLayoutEffect, useRef, useState } from "react";

/**
 * The browser event 'avatarUpdated' with the new `avatarUrl` (docs/product.md#profile):
 * the profile page sends it the moment a new avatar is stored, and the header's account menu shows that picture
 * at once, before any data is loaded again (docs/decisions/0142-avatar-updated-event.md).
 */
export const AVATAR_UPDATED_EVENT = "avatarUpdated";
export type AvatarUpdatedDetail = { avatarUrl: string | null };

export function announceAvatar(avatarUrl: string | null) {
  window.dispatchEvent(new CustomEvent<AvatarUpdatedDetail>(AVATAR_UPDATED_EVENT, { detail: { avatarUrl } }));
}

/**
 * The avatar to show: the last one announced since `src` (from the loader) last changed,
 * otherwise `src`.
 */
export function useAnnouncedAvatar(src: string | null): string | null {
  const [announced, setAnnounced] = useState<{ basis: string | null; url: string | null } | null>(null);
  // The `src` on screen, kept at commit: an announcement right after `src` changes (before
  // passive effects run) is measured against the new one, not the one before.
  const shown = useRef(src);
  useLayoutEffect(() => {
    shown.current = src;
  }, [src]);
  useEffect(() => {
    function onUpdated(event: Event) {
      const detail = (event as CustomEvent<Partial<AvatarUpdatedDetail>>).detail;
      if (!detail || (typeof detail.avatarUrl !== "string" && detail.avatarUrl !== null)) return;
      setAnnounced({ basis: shown.current, url: detail.avatarUrl });
    }
    window.addEventListener(AVATAR_UPDATED_EVENT, onUpdated);
    return () => window.removeEventListener(AVATAR_UPDATED_EVENT, onUpdated);
  }, []);
  return announced && announced.basis === src ? announced.url : src;
}
