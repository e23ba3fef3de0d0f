/** Content of /how-it-works (docs/product.md#how-it-works), kept apart from the page so JSON-LD and UI agree. */
export const HOW_IT_WORKS_STEPS = [
  {
    title: "Search & Discover",
    description:
      "Browse spaces, vehicles, equipment, services and experiences around the world. Filter by category, location and price to find exactly what you need.",
    detail: "Search by city, country or title and compare hourly, daily, weekly and monthly prices side by side.",
  },
  {
    title: "Book Instantly",
    description:
      "Pick a date, time and duration and book on the spot — instant booking with no host approval needed.",
    detail: "Available slots update live, so what you see is what you can book.",
  },
  {
    title: "Secure Payment",
    description:
      "Pay securely by card. A 10% service fee is shown up front, and the payment is held until 24 hours after your booking.",
    detail: "Hosts receive 90% of every booking; every booking includes $1M liability insurance.",
  },
  {
    title: "Enjoy & Review",
    description:
      "Enjoy your rental, then leave a review to help the community. Identity-verified users and 24/7 support keep every booking on track.",
    detail: "Full refund on most listings if you cancel 24+ hours ahead.",
  },
] as const;

/** docs/product.md#how-it-works category counts (static marketing figures). */
export const CATEGORY_COUNTS = [
  { label: "Creative Spaces", count: "2,500+" },
  { label: "Event Venues", count: "1,800+" },
  { label: "Vehicles", count: "3,200+" },
  { label: "Tools & Equipment", count: "5,000+" },
  { label: "Music Studios", count: "900+" },
  { label: "Art Supplies", count: "1,200+" },
] as const;

export const BENEFITS = [
  { title: "Instant booking", text: "Book in seconds — no waiting for host approval." },
  { title: "Secure payments", text: "Payment is held until 24 hours after the booking, then released to the host." },
  { title: "$1M liability insurance", text: "Every booking is covered by $1M liability insurance." },
  { title: "Verified community", text: "Every host and guest is identity-verified." },
  { title: "24/7 support", text: "Our support team is there around the clock when you need help." },
  { title: "List in 60 seconds", text: "Hosts list for free in about 60 seconds and keep 90% of every booking." },
] as const;

/** The 8 FAQ questions (docs/product.md#how-it-works: 8 FAQ questions). */
export const HOW_IT_WORKS_FAQ = [
  {
    question: "How does instant booking work?",
    answer:
      "Choose a date, time and duration on any listing and pay by card. Your booking is confirmed immediately — there is no host approval step.",
  },
  {
    question: "What does Rentwell charge?",
    answer:
      "Guests pay a 10% service fee on top of the rental price, shown before you pay. Listing is free for hosts, and 90% of every booking goes to the owner.",
  },
  {
    question: "When is the host paid?",
    answer:
      "Your payment is held securely until 24 hours after the booking, then released to the host. Payouts arrive in 3-5 business days.",
  },
  {
    question: "Can I cancel a booking?",
    answer:
      "Yes. Most listings give a full refund if you cancel 24+ hours ahead. Each listing follows a Flexible, Moderate or Strict cancellation policy, described on our Cancellation Policy page.",
  },
  {
    question: "Am I insured during a booking?",
    answer: "Yes. Every booking includes $1M liability insurance at no extra cost.",
  },
  {
    question: "How do you keep the community safe?",
    answer:
      "All users are identity-verified, payments are handled by the platform, and our support team is available 24/7.",
  },
  {
    question: "What can I rent?",
    answer:
      "Spaces, vehicles, equipment, services and experiences — from photo studios and event venues to ATVs, power tools, kayaks and guided tours — by the hour, day, week or month.",
  },
  {
    question: "How long does it take to list?",
    answer:
      "About 60 seconds. Sign in, choose List for FREE, describe your space and set your prices. Listing is always free.",
  },
] as const;
