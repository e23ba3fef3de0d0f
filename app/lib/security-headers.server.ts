import crypto from "node:crypto";

/** Headers every response carries, whatever serves it. */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  // geolocation for our own pages only: /explore's 'Near me' (issue #27, ADR 0223).
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(self), payment=(self)",
};

export function createNonce() {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The document policy: scripts only from our origin or inline with this request's
 * nonce; nothing loads from another host. Inline style attributes are allowed
 * (see docs/decisions/0003-content-security-policy.md). Browsers are told to
 * upgrade plain-HTTP subresources only when the site itself is served over HTTPS:
 * on a plain-HTTP address (a local `npm start` opened by IP) the upgrade would
 * break every script and stylesheet. With PAYMENT_PROVIDER=stripe (and only then)
 * Stripe.js, its Elements frames and 3-D Secure pages are allowed (ADR 0130).
 */
export function contentSecurityPolicy(
  nonce: string,
  {
    development = false,
    https = false,
    stripe = false,
    mapStyleUrl,
    mediaOrigin,
  }: { development?: boolean; https?: boolean; stripe?: boolean; mapStyleUrl?: string; mediaOrigin?: string | null } = {},
) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'"],
    "connect-src": development ? ["'self'", "ws:", "wss:"] : ["'self'"],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  };
  if (stripe) allowStripe(directives);
  // MAP_STYLE_URL (ADR 0223): the style's own origin may be fetched (style, tiles, sprites, fonts) and shown.
  if (mapStyleUrl) {
    const origin = new URL(mapStyleUrl).origin;
    directives["connect-src"] = [...directives["connect-src"]!, origin];
    directives["img-src"] = [...directives["img-src"]!, origin];
  }
  // Media in an S3 bucket or behind a CDN (MEDIA_STORAGE=s3, issue #30 point 2): photos and videos load from there.
  if (mediaOrigin) {
    directives["img-src"] = [...directives["img-src"]!, mediaOrigin];
    directives["media-src"] = [...directives["media-src"]!, mediaOrigin];
  }
  if (https && !development) directives["upgrade-insecure-requests"] = [];
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

/** What Stripe.js and Elements need, from Stripe's published CSP list. */
export const STRIPE_CSP = {
  "script-src": ["https://js.stripe.com", "https://*.js.stripe.com"],
  "frame-src": ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  "connect-src": ["https://api.stripe.com"],
  "img-src": ["https://*.stripe.com"],
} as const;

function allowStripe(directives: Record<string, string[]>) {
  for (const [name, sources] of Object.entries(STRIPE_CSP)) directives[name] = [...(directives[name] ?? ["'self'"]), ...sources];
}
