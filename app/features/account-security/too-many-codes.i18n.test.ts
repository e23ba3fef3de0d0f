import { describe, expect, it } from "vitest";
import { identityUploadsTooMany } from "~/features/identity/identity-limit-text";
import { formatRetryAfter } from "~/features/security/rate-limit.server";
import { loadCatalogs, translate } from "~/features/i18n/i18n";
import { SECURITY_TEXT } from "./security-form";

describe("the waits after too many tries, in the member's language", () => {
  it("reads in English without a translator", () => {
    expect(SECURITY_TEXT.tooManyCodes(formatRetryAfter(600))).toBe("Too many wrong codes. Try again in 10 minutes.");
  });

  it("reads in Spanish with the request's translator", async () => {
    const es = await loadCatalogs("es", ["account", "booking"]);
    const say = (text: Parameters<typeof translate>[1]) => translate(es, text);
    expect(SECURITY_TEXT.tooManyCodes(formatRetryAfter(600, say), say)).toBe("Demasiados códigos incorrectos. Vuelve a intentarlo en 10 minutos.");
    expect(identityUploadsTooMany(formatRetryAfter(60, say), say)).toBe("Demasiados archivos subidos. Vuelve a intentarlo en 1 minuto.");
  });
});
