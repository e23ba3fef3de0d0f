import { useNonce } from "~/lib/nonce";
import { jsonLd } from "~/lib/seo";

/** Structured data (schema.org JSON-LD) carrying the request's CSP nonce. */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: jsonLd(data) }}
    />
  );
}
