import { msg } from "@lingui/core/macro";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { layer } from "~/ui/layers";
import { useTranslate } from "~/features/i18n/use-translate";

/** docs/product.md#navigation: a floating add button, shown only to signed-in users. */
export function FloatingAddButton() {
  const _ = useTranslate();
  return (
    <Link
      to="/create-listing"
      aria-label={_(msg`List a space`)}
      className={cn(buttonVariants({ size: "icon" }), "fixed end-4 bottom-20 size-14 rounded-full shadow-lg md:bottom-8", layer.floating)}
    >
      <Plus className="h-7 w-7" aria-hidden="true" />
    </Link>
  );
}
