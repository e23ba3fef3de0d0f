/** The ten hero slides of the home page (docs/product.md#home: 10 slides, 5 s, 1 s lock). */
export type HeroSlide = { badge: string; title: string; subtitle: string; image: string };

export const AUTO_ADVANCE_MS = 5_000;
export const TRANSITION_LOCK_MS = 1_000;

export const HERO_SLIDES: HeroSlide[] = [
  {
    badge: "Creative Spaces",
    title: "Studios ready for your next shoot",
    subtitle: "Daylight photo studios, lofts and sets by the hour — book instantly, no host approval needed.",
    image: "/demo/studio-1.webp",
  },
  {
    badge: "Event Venues",
    title: "Host the gathering everyone remembers",
    subtitle: "Rooftops, halls and garden venues for parties, launches and workshops.",
    image: "/demo/venue-1.webp",
  },
  {
    badge: "Vehicles",
    title: "Drive something different this weekend",
    subtitle: "Cars, vans and campers from local owners, by the day or the week.",
    image: "/demo/car-1.webp",
  },
  {
    badge: "Adventure",
    title: "ATVs and dirt bikes for the trail",
    subtitle: "Off-road machines with safety gear included on many listings.",
    image: "/demo/atv-1.webp",
  },
  {
    badge: "Water Sports",
    title: "Get out on the water",
    subtitle: "Kayaks, paddleboards and boats near the coast and the lakes.",
    image: "/demo/kayak-1.webp",
  },
  {
    badge: "Tools & Equipment",
    title: "The right tool, only when you need it",
    subtitle: "Power tools and workshop gear for a fraction of the price of buying.",
    image: "/demo/tools-1.webp",
  },
  {
    badge: "Music Studios",
    title: "Record, rehearse and mix",
    subtitle: "Treated rooms, backline and DJ booths, bookable by the hour.",
    image: "/demo/music-1.webp",
  },
  {
    badge: "Camera & Photo",
    title: "Pro camera gear without the pro price",
    subtitle: "Bodies, lenses, lights and drones from working photographers.",
    image: "/demo/camera-1.webp",
  },
  {
    badge: "Yard & Garden",
    title: "Make the garden shine",
    subtitle: "Mowers, trimmers and garden spaces for a day or a season.",
    image: "/demo/garden-1.webp",
  },
  {
    badge: "Workspaces",
    title: "Focus in a space that works",
    subtitle: "Private offices, meeting rooms and kitchens for teams and makers.",
    image: "/demo/office-1.webp",
  },
];

/** Next index when moving by `step` (wraps around both ends). */
export function wrapIndex(index: number, step: number, length = HERO_SLIDES.length) {
  return (((index + step) % length) + length) % length;
}

/** Home category shortcuts (docs/product.md#home): the space-type names they open on /explore. */
export const CATEGORY_SHORTCUTS = [
  { type: "photo-studio", label: "Photo Studios", image: "/demo/studio-2.webp" },
  { type: "atv-dirtbike", label: "ATVs & Dirt Bikes", image: "/demo/atv-2.webp" },
  { type: "power-tools", label: "Power Tools", image: "/demo/tools-2.webp" },
  { type: "water-sports", label: "Water Sports", image: "/demo/kayak-2.webp" },
  { type: "camera-photo", label: "Camera & Photo", image: "/demo/camera-2.webp" },
  { type: "yard-garden", label: "Yard & Garden", image: "/demo/garden-2.webp" },
] as const;

/** Static category counts (docs/product.md#home: claimed as static text). */
export const CATEGORY_COUNTS = [
  { label: "Creative Spaces", count: "2,500+" },
  { label: "Event Venues", count: "1,800+" },
  { label: "Vehicles", count: "3,200+" },
  { label: "Tools & Equipment", count: "5,000+" },
  { label: "Music Studios", count: "900+" },
  { label: "Art Supplies", count: "1,200+" },
] as const;
