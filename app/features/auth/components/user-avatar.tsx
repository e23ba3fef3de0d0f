import { Avatar } from "~/ui/avatar";
import { useAnnouncedAvatar } from "../avatar-updated";

/**
 * The signed-in user's avatar, or a placeholder icon when there is none or the image
 * fails to load (docs/product.md#header). It comes from the root loader, and changes at
 * once when the profile page announces a new one with the 'avatarUpdated' browser event
 * (docs/decisions/0142-avatar-updated-event.md).
 */
export function UserAvatar({ src }: { src: string | null }) {
  return <Avatar src={useAnnouncedAvatar(src)} size="sm" />;
}
