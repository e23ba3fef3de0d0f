import { BadgeCheck } from "lucide-react";
import { Badge } from "~/ui/badge";
import { IDENTITY_TEXT } from "../identity-text";

/**
 * The 'Verified' badge of an identity-verified member (profile, host page, listing cards;
 * ADR 0253). `who` names whose identity it is for screen readers ("host" on a card).
 */
export function VerifiedBadge({ className, who }: { className?: string; who?: string }) {
  const label = who ? `${IDENTITY_TEXT.badgeLabel}: ${who}` : IDENTITY_TEXT.badgeLabel;
  return (
    <Badge tone="success" className={className} title={label} data-testid="verified-badge">
      <BadgeCheck className="size-3.5" aria-hidden="true" />
      {IDENTITY_TEXT.badge}
      <span className="sr-only"> ({label})</span>
    </Badge>
  );
}
