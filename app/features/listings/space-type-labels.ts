import { translatable } from "~/features/i18n/translatable";

/**
 * The seeded space types' labels (seed/data/catalog.ts, SPACE_TYPES), marked translatable
 * (ADR 0298). A type's label comes from the database, so it is shown as `_(type.label)`:
 * these show in the page's language, a type an administrator adds later as it was written.
 * In the `core` catalog: the home page's category select lists them before any click.
 */
export const SPACE_TYPE_LABELS = [
  translatable("Photo Studio"),
  translatable("Event Venue"),
  translatable("Loft"),
  translatable("Rooftop"),
  translatable("Office"),
  translatable("Meeting Room"),
  translatable("Music Studio"),
  translatable("Art Studio"),
  translatable("Kitchen"),
  translatable("Car"),
  translatable("Camper Van"),
  translatable("Boat"),
  translatable("ATV & Dirt Bike"),
  translatable("Power Tools"),
  translatable("Camera & Photo"),
  translatable("Yard & Garden"),
  translatable("Water Sports"),
  translatable("DJ Equipment"),
  translatable("Photographer"),
  translatable("DJ Service"),
  translatable("Catering"),
  translatable("Tour"),
  translatable("Workshop"),
] as const;
