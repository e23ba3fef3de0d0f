import { addDays, createRandom } from "../util";
import type { RentalType } from "./catalog";

/**
 * Review generation for the demo listings: deterministic per listing (seeded by
 * its key), mostly positive like real marketplaces, with a few middling and
 * poor ones, an occasional rating without a comment and an occasional review
 * whose author account is gone (reviewer null, shown as "Anonymous").
 */

export type GeneratedReview = {
  /** 0-based position within the listing; part of the review's stable id. */
  index: number;
  /** Index into the reviewer pool, or null for a deleted account. */
  reviewer: number | null;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string | null;
  createdAt: Date;
};

export type ReviewRequest = {
  listingKey: string;
  rentalType: RentalType;
  listedAt: Date;
  now: Date;
  /** Number of possible reviewers. */
  poolSize: number;
  /** Pool indexes that must not review this listing (its host). */
  exclude: number[];
};

const PRAISE: Record<RentalType, readonly string[]> = {
  space: [
    "Exactly as pictured, spotless, and the host had everything set up before we arrived.",
    "Great natural light all afternoon. We finished the whole shoot an hour early.",
    "The space worked perfectly for our team offsite. Fast Wi-Fi, good coffee, quiet neighbours.",
    "Easy check-in, clear instructions and a host who answered within minutes. Would book again.",
    "Our guests kept asking where we found this place. Worth every penny.",
    "Bigger than it looks in the photos, and the sound insulation is excellent.",
    "Clean, well equipped and in a great location. Parking was easier than expected.",
    "We used it for a product launch and it looked fantastic on camera.",
    "Thoughtful little touches everywhere: spare extension cords, a steamer, even snacks.",
    "Third time booking here. Consistently great.",
  ],
  vehicle: [
    "Car was immaculate and drove beautifully. Pickup and return took five minutes.",
    "Perfect for our road trip. Fuel-efficient, comfortable and the host threw in a phone mount.",
    "Smooth handover, clear rules, and the vehicle was in better shape than most rental fleets.",
    "The safety briefing was thorough and the machine ran flawlessly all day.",
    "Host met us at the airport and made the whole thing effortless.",
    "Exactly the model advertised, full tank, no surprises. Highly recommended.",
    "We had a flat on day two and the host sorted it out within the hour. Great service.",
    "Such a fun day on the water. The boat was clean and well maintained.",
  ],
  equipment: [
    "Everything was charged, clean and packed in labelled cases. Made my job easy.",
    "Saved me buying a tool I'll use twice. Worked perfectly and the host explained the quirks.",
    "Pro-level gear at a fraction of the price. Pickup was quick and friendly.",
    "All the accessories I needed were included, down to spare blades and batteries.",
    "Gear was in excellent condition and the delivery arrived right on time.",
    "The host checked in after the first day to make sure everything was working. Nice touch.",
    "Would happily rent from this host again. Fair deposit, fast refund.",
    "Great quality and very well looked after. Returned it with zero fuss.",
  ],
  service: [
    "Professional, punctual and genuinely lovely to work with. The photos came back in four days.",
    "Read the room perfectly and kept the dance floor full all night.",
    "Our guests are still talking about it. Worth booking well in advance.",
    "Clear quote, no hidden extras, and they arrived early to set up.",
    "Flexible with our last-minute changes and calm under pressure.",
    "Exceeded our expectations in every way. Thank you!",
  ],
  experience: [
    "The highlight of our trip. Our guide knew every story and every shortcut.",
    "Small group, unhurried pace and great food along the way.",
    "Worth getting up early for. Unforgettable views and a very patient instructor.",
    "Perfect for a family with teenagers: fun, safe and well organised.",
    "We learned a lot and left with something we made ourselves. Loved it.",
    "Great value for money and the host was an absolute gem.",
  ],
};

const MIXED: readonly string[] = [
  "Good overall, though check-in took a while and the listing could mention the stairs.",
  "Does the job. A bit worn in places, but the host was responsive when we asked for help.",
  "Nice enough, but not quite as spacious as the photos suggest.",
  "Fine for the price. Would have liked clearer instructions on arrival.",
  "Some minor issues, but the host made up for it with a partial refund.",
];

const POOR: readonly string[] = [
  "Not as described. We arrived to find things missing and had to improvise.",
  "Host was hard to reach and the handover was forty minutes late.",
  "Wouldn't book again. Cleanliness was not up to standard.",
];

function pickRating(roll: number): GeneratedReview["rating"] {
  if (roll < 0.56) return 5;
  if (roll < 0.86) return 4;
  if (roll < 0.95) return 3;
  if (roll < 0.99) return 2;
  return 1;
}

/** How many reviews each listing gets, before the limit of distinct reviewers. */
const REVIEW_COUNTS = [0, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6] as const;

export function generateReviews(request: ReviewRequest): GeneratedReview[] {
  const random = createRandom(`reviews:${request.listingKey}`);
  const candidates: number[] = [];
  for (let i = 0; i < request.poolSize; i++) if (!request.exclude.includes(i)) candidates.push(i);
  const wanted = Math.min(random.pick(REVIEW_COUNTS), candidates.length);

  // Reviews fall between a week after listing and a day before "now".
  const first = addDays(request.listedAt, 7).getTime();
  const last = addDays(request.now, -1).getTime();
  if (last <= first) return [];

  const reviews: GeneratedReview[] = [];
  for (let index = 0; index < wanted; index++) {
    const slot = random.int(0, candidates.length - 1);
    const reviewer = candidates.splice(slot, 1)[0] ?? null;
    const rating = pickRating(random.next());
    const comments = rating >= 4 ? PRAISE[request.rentalType] : rating === 3 ? MIXED : POOR;
    const comment = random.chance(0.08) ? null : random.pick(comments);
    const at = Math.round(first + random.next() * (last - first));
    const createdAt = new Date(at - (at % 60_000));
    reviews.push({ index, reviewer: random.chance(0.04) ? null : reviewer, rating, comment, createdAt });
  }
  return reviews.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((review, index) => ({ ...review, index }));
}
