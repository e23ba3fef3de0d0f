import { describe, expect, it } from "vitest";
import { loadCatalogs, translate } from "~/features/i18n/i18n";
import { moderationNotice } from "./moderation-notice";

describe("moderationNotice in the owner's language", () => {
  it("reads in English by default", () => {
    expect(moderationNotice({ moderationState: "unpublished", moderationReason: "Spam" })).toBe("Unpublished by an administrator. Reason: Spam");
    expect(moderationNotice({ moderationState: "owner_suspended", moderationReason: null })).toBe("Hidden while this account is suspended. Reason: no reason given");
    expect(moderationNotice({ moderationState: null, moderationReason: null })).toBeNull();
  });

  it("reads in Spanish with the page's translator", async () => {
    const es = await loadCatalogs("es", ["hosting"]);
    const _ = (text: Parameters<typeof translate>[1]) => translate(es, text);
    expect(moderationNotice({ moderationState: "unpublished", moderationReason: "Fotos engañosas" }, _)).toBe("Despublicado por un administrador. Motivo: Fotos engañosas");
    expect(moderationNotice({ moderationState: "owner_suspended", moderationReason: "  " }, _)).toBe("Oculto mientras esta cuenta esté suspendida. Motivo: sin motivo indicado");
  });
});
