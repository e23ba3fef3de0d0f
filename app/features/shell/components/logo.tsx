import { msg } from "@lingui/core/macro";
import { Link } from "react-router";
import { useTranslate } from "~/features/i18n/use-translate";

export function Logo() {
  const _ = useTranslate();
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md font-bold text-slate-900" aria-label={_(msg`Rentwell home`)}>
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" className="fill-brand-600" />
        <path d="M8 22V11l8-5 8 5v11h-5v-6h-6v6z" fill="white" />
      </svg>
      <span className="text-xl tracking-tight">Rentwell</span>
    </Link>
  );
}
