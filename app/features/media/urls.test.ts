import { describe, expect, it } from "vitest";
import { cardUrlFor } from "./storage.server";
import { cardImageUrl } from "./urls";

const user = "3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e";

describe("cardImageUrl", () => {
  it("points an uploaded image at its 640×480 card size, locally and on a CDN", () => {
    expect(cardImageUrl(`/media/${user}/AbCdEfGhIjKlMnOpQrStUv.webp`)).toBe(`/media/${user}/AbCdEfGhIjKlMnOpQrStUv.card.webp`);
    expect(cardImageUrl(`https://cdn.test/${user}/AbCdEfGhIjKlMnOpQrStUv.webp`)).toBe(
      `https://cdn.test/${user}/AbCdEfGhIjKlMnOpQrStUv.card.webp`,
    );
  });

  it("agrees with the storage module's card key for uploads", () => {
    const url = `/media/${user}/AbCdEfGhIjKlMnOpQrStUv.webp`;
    expect(cardImageUrl(url)).toBe(cardUrlFor(url));
  });

  it("leaves demo images, videos, card URLs and outside URLs as they are", () => {
    for (const url of [
      "/demo/venue-1.webp",
      "/demo/fallback.webp",
      `/media/${user}/AbCdEfGhIjKlMnOpQrStUv.mp4`,
      `/media/${user}/AbCdEfGhIjKlMnOpQrStUv.card.webp`,
      "https://images.example.com/photo.webp",
    ]) {
      expect(cardImageUrl(url)).toBe(url);
    }
  });
});
