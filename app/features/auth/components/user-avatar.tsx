import { UserRound } from "lucide-react";
import { useState } from "react";

/**
 * The signed-in user's avatar, or a placeholder icon when there is none or the image
 * fails to load (docs/product.md#header). The avatar comes from the root loader: an
 * upload action that changes it makes the loaders run again, so no browser event is
 * needed (docs/decisions/0071-unused-scaffolding-removed.md).
 */
export function UserAvatar({ src, size = "h-8 w-8" }: { src: string | null; size?: string }) {
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);

  const url = src;
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
