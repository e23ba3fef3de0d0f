import { Avatar } from "~/ui/avatar";

/**
 * The signed-in user's avatar, or a placeholder icon when there is none or the image
 * fails to load (docs/product.md#header). The avatar comes from the root loader: an
 * upload action that changes it makes the loaders run again, so no browser event is
 * needed (docs/decisions/0071-unused-scaffolding-removed.md).
 */
export function UserAvatar({ src }: { src: string | null }) {
  return <Avatar src={src} size="sm" />;
}
