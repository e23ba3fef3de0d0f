/**
 * Which stored size of an uploaded image to show (docs/decisions/0050). Pure: used
 * by cards and thumbnails on the server and in the browser.
 *
 * Uploads are `{…}/{user id}/{random}.webp` (detail size, at most 1600×1200) with a
 * `{random}.card.webp` sibling (640×480). Anything else — demo images under
 * `/demo/`, outside URLs — has no card size and is returned unchanged.
 */
const UPLOADED_IMAGE = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[A-Za-z0-9_-]{16,64}\.webp$/;

export function cardImageUrl(url: string): string {
  return UPLOADED_IMAGE.test(url) ? url.replace(/\.webp$/, ".card.webp") : url;
}
