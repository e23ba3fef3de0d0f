import { UserRound } from "lucide-react";
import { useCallback, useState } from "react";
import { cn, cva, type VariantProps } from "./cn";

const avatarVariants = cva("inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full", {
  variants: {
    size: { sm: "size-8", md: "size-10", lg: "size-12", xl: "size-20" },
  },
  defaultVariants: { size: "md" },
});

/**
 * A round picture of a person, or a placeholder icon when there is no picture or it
 * fails to load. The failure is remembered for that URL only: a new `src` (another
 * person, another page) is tried again.
 */
export function Avatar({
  src,
  alt = "",
  size,
  className,
}: VariantProps<typeof avatarVariants> & { src: string | null | undefined; alt?: string; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A server-rendered image can fail before React is there to hear it: check on mount.
  const checkLoaded = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && src && img.complete && img.naturalWidth === 0) setFailedSrc(src);
    },
    [src],
  );
  if (!src || failedSrc === src) {
    return (
      <span
        className={cn(avatarVariants({ size }), "bg-slate-200 text-slate-500", className)}
        data-testid="avatar-placeholder"
        role={alt ? "img" : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
      >
        <UserRound className="size-3/5" aria-hidden="true" />
      </span>
    );
  }
  return (
    <img
      ref={checkLoaded}
      src={src}
      alt={alt}
      className={cn(avatarVariants({ size }), "object-cover", className)}
      onError={() => setFailedSrc(src)}
      referrerPolicy="no-referrer"
    />
  );
}
