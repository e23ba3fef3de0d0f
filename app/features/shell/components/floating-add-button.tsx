import { Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/ui/button";
import { cn } from "~/ui/cn";
import { layer } from "~/ui/layers";

/** Spec §2: a floating add button, shown only to signed-in users. */
export function FloatingAddButton() {
  return (
    <Link
      to="/create-listing"
      aria-label="List a space"
      className={cn(buttonVariants({ size: "icon" }), "fixed right-4 bottom-20 size-14 rounded-full shadow-lg md:bottom-8", layer.floating)}
    >
      <Plus className="h-7 w-7" aria-hidden="true" />
    </Link>
  );
}
