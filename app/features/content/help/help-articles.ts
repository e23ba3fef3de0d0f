import { translatable } from "~/features/i18n/translatable";

/**
 * Help centre answers (docs/product.md#help), grouped in the three categories. The texts are
 * English and `translatable()`; the page shows (and searches) them in its language.
 */
export type HelpArticle = { id: string; question: string; answer: string };
export type HelpCategory = { id: "booking" | "hosting" | "account"; title: string; description: string; articles: HelpArticle[] };

export const HELP_CATEGORIES: HelpCategory[] = [
  {
    id: "booking",
    title: translatable("Booking"),
    description: translatable("Finding, booking, paying for and changing a booking."),
    articles: [
      {
        id: "payment-methods",
        question: translatable("What payment methods do you accept?"),
        answer:
          translatable("We accept all major credit and debit cards and digital wallets. You pay the rental price plus a 10% service fee, shown before you confirm, and your card is charged securely when you book."),
      },
      {
        id: "modify-booking",
        question: translatable("Can I modify my booking?"),
        answer:
          translatable("Yes. You can modify a booking up to 48 hours before its start time. Closer to the start, cancel and book again, subject to the listing's cancellation policy."),
      },
      {
        id: "instant-booking",
        question: translatable("Do hosts need to approve my booking?"),
        answer:
          translatable("No. Bookings are instant: once your payment succeeds the booking is confirmed, with no host approval needed."),
      },
      {
        id: "cancel-booking",
        question: translatable("How do I cancel a booking and get a refund?"),
        answer:
          translatable("Open My Bookings and choose Cancel. Your refund follows the listing's policy: Flexible gives a full refund at least 24 hours before the start, Moderate a full refund at least 5 days before, Strict 50% at least 7 days before. Refunds take 5-7 business days; service fees may be non-refundable. If the host cancels, you get a full refund including fees."),
      },
      {
        id: "booking-insurance",
        question: translatable("Am I covered if something goes wrong?"),
        answer:
          translatable("Every booking includes $1M liability insurance, and all users are identity-verified. Our support team is available 24/7 if you need help during a booking."),
      },
    ],
  },
  {
    id: "hosting",
    title: translatable("Hosting"),
    description: translatable("Listing a space, vehicle, equipment, service or experience, and getting paid."),
    articles: [
      {
        id: "create-listing",
        question: translatable("How do I list my space?"),
        answer:
          translatable("Sign in and choose List for FREE. Listing is free and takes about 60 seconds: add a title, description, type, prices, capacity, location and photos, then publish. A published listing needs a complete address."),
      },
      {
        id: "payouts",
        question: translatable("When do I get paid?"),
        answer:
          translatable("Payouts are released 24 hours after a completed booking and arrive in 3-5 business days. Connect a payout account from your Dashboard to receive them."),
      },
      {
        id: "host-fees",
        question: translatable("What does hosting cost?"),
        answer:
          translatable("Listing is free. Guests pay a 10% service fee on top of your price, and the rental price goes to you: 90% of every booking goes to the owner."),
      },
      {
        id: "host-cancellation",
        question: translatable("What happens if I need to cancel a booking?"),
        answer:
          translatable("If a host cancels, the guest receives a full refund including fees. Keep your availability current to avoid cancellations."),
      },
    ],
  },
  {
    id: "account",
    title: translatable("Account"),
    description: translatable("Signing in, your password, profile and privacy."),
    articles: [
      {
        id: "password-reset",
        question: translatable("How do I reset my password?"),
        answer:
          translatable("If you have forgotten your password, choose Sign In, then 'Forgot password?', and enter the e-mail address of your account. We e-mail you a link to choose a new password; it works once, for 1 hour. Setting the new password signs you out on every other device and we e-mail you that your password was changed. No e-mail? Check your spam folder, or ask for a new link after a few minutes. For your security we never ask for your password."),
      },
      {
        id: "edit-profile",
        question: translatable("How do I edit my public profile?"),
        answer:
          translatable("Open My Profile from the menu to change your name, photo, banner, bio, website and social links. Guests see your public profile when they view your listings."),
      },
      {
        id: "verification",
        question: translatable("Why are users identity-verified?"),
        answer:
          translatable("Identity verification helps keep the community safe: every host and guest is verified, so you always know who you are renting from or to."),
      },
      {
        id: "support-hours",
        question: translatable("How can I contact support?"),
        answer:
          translatable("Use the Contact page at any time; support is available 24/7 for urgent booking issues, and our office team answers other questions Monday to Friday 9:00 AM-6:00 PM PST."),
      },
    ],
  },
];
