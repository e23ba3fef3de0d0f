import { translatable } from "~/features/i18n/translatable";

/** Content of /how-it-works (docs/product.md#how-it-works), kept apart from the page so JSON-LD and UI agree. */
export const HOW_IT_WORKS_STEPS = [
  {
    title: translatable("Search & Discover"),
    // prettier-ignore
    description: translatable("Browse spaces, vehicles, equipment, services and experiences around the world. Filter by category, location and price to find exactly what you need."),
    // prettier-ignore
    detail: translatable("Search by city, country or title and compare hourly, daily, weekly and monthly prices side by side."),
  },
  {
    title: translatable("Book Instantly"),
    // prettier-ignore
    description: translatable("Pick a date, time and duration and book on the spot — instant booking with no host approval needed."),
    // prettier-ignore
    detail: translatable("Available slots update live, so what you see is what you can book."),
  },
  {
    title: translatable("Secure Payment"),
    // prettier-ignore
    description: translatable("Pay securely by card. A 10% service fee is shown up front, and the payment is held until 24 hours after your booking."),
    // prettier-ignore
    detail: translatable("Hosts receive 90% of every booking; every booking includes $1M liability insurance."),
  },
  {
    title: translatable("Enjoy & Review"),
    // prettier-ignore
    description: translatable("Enjoy your rental, then leave a review to help the community. Identity-verified users and 24/7 support keep every booking on track."),
    // prettier-ignore
    detail: translatable("Full refund on most listings if you cancel 24+ hours ahead."),
  },
] as const;

/** docs/product.md#how-it-works category counts (static marketing figures). */
export const CATEGORY_COUNTS = [
  { label: translatable("Creative Spaces"), count: "2,500+" },
  { label: translatable("Event Venues"), count: "1,800+" },
  { label: translatable("Vehicles"), count: "3,200+" },
  { label: translatable("Tools & Equipment"), count: "5,000+" },
  { label: translatable("Music Studios"), count: "900+" },
  { label: translatable("Art Supplies"), count: "1,200+" },
] as const;

export const BENEFITS = [
  {
    title: translatable("Instant booking"),
    text: translatable("Book in seconds — no waiting for host approval."),
  },
  {
    title: translatable("Secure payments"),
    // prettier-ignore
    text: translatable("Payment is held until 24 hours after the booking, then released to the host."),
  },
  {
    title: translatable("$1M liability insurance"),
    text: translatable("Every booking is covered by $1M liability insurance."),
  },
  {
    title: translatable("Verified community"),
    text: translatable("Every host and guest is identity-verified."),
  },
  {
    title: translatable("24/7 support"),
    // prettier-ignore
    text: translatable("Our support team is there around the clock when you need help."),
  },
  {
    title: translatable("List in 60 seconds"),
    // prettier-ignore
    text: translatable("Hosts list for free in about 60 seconds and keep 90% of every booking."),
  },
] as const;

/** The 8 FAQ questions (docs/product.md#how-it-works: 8 FAQ questions). */
export const HOW_IT_WORKS_FAQ = [
  {
    question: translatable("How does instant booking work?"),
    // prettier-ignore
    answer: translatable("Choose a date, time and duration on any listing and pay by card. Your booking is confirmed immediately — there is no host approval step."),
  },
  {
    question: translatable("What does Rentwell charge?"),
    // prettier-ignore
    answer: translatable("Guests pay a 10% service fee on top of the rental price, shown before you pay. Listing is free for hosts, and 90% of every booking goes to the owner."),
  },
  {
    question: translatable("When is the host paid?"),
    // prettier-ignore
    answer: translatable("Your payment is held securely until 24 hours after the booking, then released to the host. Payouts arrive in 3-5 business days."),
  },
  {
    question: translatable("Can I cancel a booking?"),
    // prettier-ignore
    answer: translatable("Yes. Most listings give a full refund if you cancel 24+ hours ahead. Each listing follows a Flexible, Moderate or Strict cancellation policy, described on our Cancellation Policy page."),
  },
  {
    question: translatable("Am I insured during a booking?"),
    // prettier-ignore
    answer: translatable("Yes. Every booking includes $1M liability insurance at no extra cost."),
  },
  {
    question: translatable("How do you keep the community safe?"),
    // prettier-ignore
    answer: translatable("All users are identity-verified, payments are handled by the platform, and our support team is available 24/7."),
  },
  {
    question: translatable("What can I rent?"),
    // prettier-ignore
    answer: translatable("Spaces, vehicles, equipment, services and experiences — from photo studios and event venues to ATVs, power tools, kayaks and guided tours — by the hour, day, week or month."),
  },
  {
    question: translatable("How long does it take to list?"),
    // prettier-ignore
    answer: translatable("About 60 seconds. Sign in, choose List for FREE, describe your space and set your prices. Listing is always free."),
  },
] as const;
