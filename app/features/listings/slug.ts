/**
 * docs/product.md#slugs: lowercase, each run of non-alphanumerics becomes one hyphen,
 * hyphens at the edges trimmed. Alphanumeric means ASCII letters and digits; they
 * are lowercased after the replacement, so the result never depends on Unicode case
 * mapping (JavaScript lowercases 'İ' to 'i̇' and the Kelvin sign to 'k', a database in
 * the C locale does not) and the SQL twin in space-detail.server.ts agrees exactly.
 */
export function slugify(text: string): string {
  return text
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .toLowerCase();
}

/** The public path of a listing's page. */
export function spacePath(space: { id: string; title: string; location: string }) {
  return `/space/${slugify(space.title) || "listing"}/${slugify(space.location) || "anywhere"}?id=${space.id}`;
}
