import { z } from "~/lib/zod";
import { translatable } from "~/features/i18n/translatable";
import { cleanText } from "./listing-form";

/** Adding a space type inline (docs/product.md#catalog: name lowercased, label). */
export const spaceTypeSchema = z
  .object({
    label: z.preprocess(
      (value) => (typeof value === "string" ? cleanText(value).trim().replace(/\s+/g, " ") : value),
      z
        .string({ error: translatable("Enter a name for the new type") })
        .min(2, translatable("Enter a name for the new type"))
        .max(40, translatable("Keep the type name under 40 characters")),
    ),
  })
  .transform(({ label }) => ({ label, name: spaceTypeName(label) }))
  .refine(({ name }) => name.length >= 2, { message: translatable("Use letters or numbers in the type name"), path: ["label"] });

/** "Photo Studio" → "photo-studio": lowercased, as the seeded types are named. */
export function spaceTypeName(label: string) {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
