import type { RENTAL_TYPES } from "~/db/schema/listings";

/**
 * Rental categories (with their subcategories) and space types. A listing's
 * `category` is a "category/subcategory" key; its rental_type follows from the
 * category. The home page's category shortcuts (photo-studio, atv-dirtbike,
 * power-tools, water-sports, camera-photo, yard-garden) exist both as
 * subcategories and as space types.
 */

export type RentalType = (typeof RENTAL_TYPES)[number];

type CategorySeed = {
  name: string;
  label: string;
  description: string;
  rentalType: RentalType;
  subcategories: readonly { name: string; label: string }[];
};

export const CATEGORIES = [
  {
    name: "spaces",
    label: "Spaces",
    description: "Studios, venues, offices and kitchens you can book by the hour, day or month.",
    rentalType: "space",
    subcategories: [
      { name: "photo-studio", label: "Photo Studios" },
      { name: "event-venue", label: "Event Venues" },
      { name: "office-meeting", label: "Offices & Meeting Rooms" },
      { name: "music-studio", label: "Music Studios" },
      { name: "art-studio", label: "Art Studios" },
      { name: "commercial-kitchen", label: "Commercial Kitchens" },
      { name: "loft", label: "Lofts & Creative Spaces" },
    ],
  },
  {
    name: "vehicles",
    label: "Vehicles",
    description: "Cars, camper vans, boats and off-road machines from local owners.",
    rentalType: "vehicle",
    subcategories: [
      { name: "cars", label: "Cars" },
      { name: "vans-rvs", label: "Vans & RVs" },
      { name: "boats", label: "Boats" },
      { name: "atv-dirtbike", label: "ATVs & Dirt Bikes" },
    ],
  },
  {
    name: "equipment",
    label: "Tools & Equipment",
    description: "Power tools, cameras, garden machines, water-sports gear and sound systems.",
    rentalType: "equipment",
    subcategories: [
      { name: "power-tools", label: "Power Tools" },
      { name: "camera-photo", label: "Cameras & Photo Gear" },
      { name: "yard-garden", label: "Yard & Garden" },
      { name: "water-sports", label: "Water Sports" },
      { name: "audio-dj", label: "Audio & DJ Gear" },
    ],
  },
  {
    name: "services",
    label: "Services",
    description: "Photographers, DJs and other professionals who come to you.",
    rentalType: "service",
    subcategories: [
      { name: "photography", label: "Photography" },
      { name: "dj-entertainment", label: "DJ & Entertainment" },
      { name: "event-staff", label: "Event Staff & Catering" },
    ],
  },
  {
    name: "experiences",
    label: "Experiences",
    description: "Guided tours, workshops and outdoor adventures hosted by locals.",
    rentalType: "experience",
    subcategories: [
      { name: "tours", label: "Guided Tours" },
      { name: "workshops", label: "Workshops & Classes" },
      { name: "outdoor-adventures", label: "Outdoor Adventures" },
    ],
  },
] as const satisfies readonly CategorySeed[];

type Category = (typeof CATEGORIES)[number];

/** "category/subcategory", e.g. "spaces/photo-studio". */
export type SubcategoryKey = Category extends infer C ? (C extends Category ? `${C["name"]}/${C["subcategories"][number]["name"]}` : never) : never;

const RENTAL_TYPE_BY_CATEGORY = new Map<string, RentalType>(CATEGORIES.map((category) => [category.name, category.rentalType]));

/** The rental_type of a listing in this subcategory. */
export function rentalTypeOf(key: SubcategoryKey): RentalType {
  const rentalType = RENTAL_TYPE_BY_CATEGORY.get(key.split("/")[0] ?? "");
  if (!rentalType) throw new Error(`Unknown category in ${key}`);
  return rentalType;
}

/** Space types (spaces.type), in the order the type pickers show them. */
export const SPACE_TYPES = [
  { name: "photo-studio", label: "Photo Studio" },
  { name: "event-venue", label: "Event Venue" },
  { name: "loft", label: "Loft" },
  { name: "rooftop", label: "Rooftop" },
  { name: "office", label: "Office" },
  { name: "meeting-room", label: "Meeting Room" },
  { name: "music-studio", label: "Music Studio" },
  { name: "art-studio", label: "Art Studio" },
  { name: "kitchen", label: "Kitchen" },
  { name: "car", label: "Car" },
  { name: "camper-van", label: "Camper Van" },
  { name: "boat", label: "Boat" },
  { name: "atv-dirtbike", label: "ATV & Dirt Bike" },
  { name: "power-tools", label: "Power Tools" },
  { name: "camera-photo", label: "Camera & Photo" },
  { name: "yard-garden", label: "Yard & Garden" },
  { name: "water-sports", label: "Water Sports" },
  { name: "dj-equipment", label: "DJ Equipment" },
  { name: "photographer", label: "Photographer" },
  { name: "dj-service", label: "DJ Service" },
  { name: "catering", label: "Catering" },
  { name: "tour", label: "Tour" },
  { name: "workshop", label: "Workshop" },
] as const satisfies readonly { name: string; label: string }[];

export type SpaceTypeName = (typeof SPACE_TYPES)[number]["name"];
