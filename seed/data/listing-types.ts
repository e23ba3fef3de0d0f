import type { CANCELLATION_POLICIES, CONDITIONS, SPACE_STATUSES } from "~/db/schema/listings";
import type { SpaceTypeName, SubcategoryKey } from "./catalog";
import type { ListingImage } from "./images";
import type { PlaceKey } from "./places";

/** Fields that matter for vehicles and equipment (and some services and experiences). */
export type RentalDetails = {
  brand?: string;
  model?: string;
  year?: number;
  condition?: (typeof CONDITIONS)[number];
  /** Security deposit in the listing's currency; deposit_required follows from it. */
  deposit?: number;
  insuranceRequired?: boolean;
  /** The host comes to the renter (location_type "mobile"). */
  mobile?: boolean;
  /** Set when delivery is offered (0 = free delivery). */
  deliveryFee?: number;
  pickup?: boolean;
  licenseRequired?: boolean;
  ageRestriction?: number;
  waiverRequired?: boolean;
  /** In the listing's smallest priced unit; default 1. */
  minDuration?: number;
  maxDuration?: number;
  safety?: string[];
  /** Units or seats rented at one time (spaces.quantity, issue #26); default 1. */
  seats?: number;
};

/** One demo listing as written in listings-us.ts / listings-intl.ts. */
export type ListingSeed = {
  /** Stable, unique; the listing's id is derived from it. */
  key: string;
  /** Key of a user in HOSTS. */
  host: string;
  place: PlaceKey;
  category: SubcategoryKey;
  type: SpaceTypeName;
  title: string;
  description: string;
  /** In the place's currency. No price at all means "Price on request". */
  prices: { hourly?: number; daily?: number; weekly?: number; monthly?: number };
  capacity: number;
  amenities: string[];
  images: [ListingImage, ...ListingImage[]];
  /** Required for published listings; drafts may leave it out. */
  address?: { street: string; unit?: string; postalCode: string };
  rental?: RentalDetails;
  policy: (typeof CANCELLATION_POLICIES)[number];
  /** Default true; false makes a draft. */
  published?: boolean;
  /** Default true; false: published but not accepting bookings. */
  available?: boolean;
  status?: (typeof SPACE_STATUSES)[number];
  featured?: boolean;
  popular?: boolean;
  greatValue?: boolean;
  /** Listed in the last ten days: no reviews yet. */
  isNew?: boolean;
};
