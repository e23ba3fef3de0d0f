import { msg } from "@lingui/core/macro";
import { Star } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";

/** 1–5 filled stars with the rating as the accessible name. */
export function Stars({ rating }: { rating: number }) {
  const _ = useTranslate();
  return (
    <span
      role="img"
      aria-label={_(msg`Rated ${rating} out of 5`)}
      className="inline-flex"
    >
      {[1, 2, 3, 4, 5].map((value) => (
        <Star
          key={value}
          className={`h-4 w-4 ${value <= rating ? "fill-amber-400 text-amber-400" : "text-slate-300"}`}
          aria-hidden="true"
        />
      ))}
    </span>
  );
}
