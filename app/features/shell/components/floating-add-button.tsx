import { Plus } from "lucide-react";
import { Link } from "react-router";

/** docs/product.md#navigation: a floating add button, shown only to signed-in users. */
export function FloatingAddButton() {
  return (
    <Link
      to="/create-listing"
      aria-label="List a space"
      className="fixed right-4 bottom-20 z-40 flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 md:bottom-8"
    >
      <Plus className="h-7 w-7" aria-hidden="true" />
    </Link>
  );
}
