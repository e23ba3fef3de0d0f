import { translatable } from "~/features/i18n/translatable";

/** The ten hero slides of the home page (docs/product.md#home: 10 slides, 5 s, 1 s lock). */
export type HeroSlide = { badge: string; title: string; subtitle: string; image: string };

export const AUTO_ADVANCE_MS = 5_000;
export const TRANSITION_LOCK_MS = 1_000;

export const HERO_SLIDES: HeroSlide[] = [
  {
    badge: translatable("Creative Spaces"),
    title: translatable("Studios ready for your next shoot"),
    subtitle: translatable("Daylight photo studios, lofts and sets by the hour — book instantly, no host approval needed."),
    image: "/demo/studio-1.webp",
  },
  {
    badge: translatable("Event Venues"),
    title: translatable("Host the gathering everyone remembers"),
    subtitle: translatable("Rooftops, halls and garden venues for parties, launches and workshops."),
    image: "/demo/venue-1.webp",
  },
  {
    badge: translatable("Vehicles"),
    title: translatable("Drive something different this weekend"),
    subtitle: translatable("Cars, vans and campers from local owners, by the day or the week."),
    image: "/demo/car-1.webp",
  },
  {
    badge: translatable("Adventure"),
    title: translatable("ATVs and dirt bikes for the trail"),
    subtitle: translatable("Off-road machines with safety gear included on many listings."),
    image: "/demo/atv-1.webp",
  },
  {
    badge: translatable("Water Sports"),
    title: translatable("Get out on the water"),
    subtitle: translatable("Kayaks, paddleboards and boats near the coast and the lakes."),
    image: "/demo/kayak-1.webp",
  },
  {
    badge: translatable("Tools & Equipment"),
    title: translatable("The right tool, only when you need it"),
    subtitle: translatable("Power tools and workshop gear for a fraction of the price of buying."),
    image: "/demo/tools-1.webp",
  },
  {
    badge: translatable("Music Studios"),
    title: translatable("Record, rehearse and mix"),
    subtitle: translatable("Treated rooms, backline and DJ booths, bookable by the hour."),
    image: "/demo/music-1.webp",
  },
  {
    badge: translatable("Camera & Photo"),
    title: translatable("Pro camera gear without the pro price"),
    subtitle: translatable("Bodies, lenses, lights and drones from working photographers."),
    image: "/demo/camera-1.webp",
  },
  {
    badge: translatable("Yard & Garden"),
    title: translatable("Make the garden shine"),
    subtitle: translatable("Mowers, trimmers and garden spaces for a day or a season."),
    image: "/demo/garden-1.webp",
  },
  {
    badge: translatable("Workspaces"),
    title: translatable("Focus in a space that works"),
    subtitle: translatable("Private offices, meeting rooms and kitchens for teams and makers."),
    image: "/demo/office-1.webp",
  },
];

/** Next index when moving by `step` (wraps around both ends). */
export function wrapIndex(index: number, step: number, length = HERO_SLIDES.length) {
  return (((index + step) % length) + length) % length;
}

/** Home category shortcuts (docs/product.md#home): the space-type names they open on /explore. */
export const CATEGORY_SHORTCUTS = [
  { type: "photo-studio", label: translatable("Photo Studios"), image: "/demo/studio-2.webp" },
  { type: "atv-dirtbike", label: translatable("ATVs & Dirt Bikes"), image: "/demo/atv-2.webp" },
  { type: "power-tools", label: translatable("Power Tools"), image: "/demo/tools-2.webp" },
  { type: "water-sports", label: translatable("Water Sports"), image: "/demo/kayak-2.webp" },
  { type: "camera-photo", label: translatable("Camera & Photo"), image: "/demo/camera-2.webp" },
  { type: "yard-garden", label: translatable("Yard & Garden"), image: "/demo/garden-2.webp" },
] as const;

/** Static category counts (docs/product.md#home: claimed as static text). */
export const CATEGORY_COUNTS = [
  { label: translatable("Creative Spaces"), count: "2,500+" },
  { label: translatable("Event Venues"), count: "1,800+" },
  { label: translatable("Vehicles"), count: "3,200+" },
  { label: translatable("Tools & Equipment"), count: "5,000+" },
  { label: translatable("Music Studios"), count: "900+" },
  { label: translatable("Art Supplies"), count: "1,200+" },
] as const;
