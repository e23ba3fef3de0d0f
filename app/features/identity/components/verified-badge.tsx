import { msg } from "@lingui/core/macro";
import { BadgeCheck } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { Badge } from "~/ui/badge";

/**
 * The 'Verified' badge of an identity-verified member (profile, host page, listing cards;
 * ADR 0253). `who` names whose identity it is for screen readers ("host" on a card), in the
 * page's language.
 */
export function VerifiedBadge({ className, who }: { className?: string; who?: string }) {
  const _ = useTranslate();
  // On every listing card, so on `/`: its words are in the home page's catalog (the same English as IDENTITY_TEXT).
  const label = who ? _(msg`Identity verified: ${who}`) : _(msg`Identity verified`);
  return (
    <Badge tone="success" className={className} title={label} data-testid="verified-badge">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {_(msg`Verified`)}
      <span className="sr-only"> ({label})</span>
    </Badge>
  );
}
