import { translatable } from "~/features/i18n/translatable";

/** Terms of Service (docs/product.md#static-pages: last updated March 15, 2025; six sections). Shared by /terms and /terms.md. */
export const TERMS_LAST_UPDATED = "March 15, 2025";
export const TERMS_LAST_UPDATED_ISO = "2025-03-15";

export const TERMS_SECTIONS: { id: string; title: string; paragraphs: string[] }[] = [
  {
    id: "acceptance",
    title: translatable("1. Acceptance of Terms"),
    paragraphs: [
      translatable("By accessing or using Rentwell (the “Platform”), operated by Rentwell, Inc. of Tampa, Florida, you agree to be bound by these Terms of Service and our Privacy Policy. If you do not agree, do not use the Platform."),
      translatable("You must be at least 18 years old and able to enter into a binding contract to create an account, list an item or make a booking."),
    ],
  },
  {
    id: "accounts",
    title: translatable("2. User Accounts"),
    paragraphs: [
      translatable("You are responsible for the accuracy of the information in your account and for keeping your password confidential. Notify us immediately of any unauthorised use of your account."),
      translatable("We verify the identity of users to keep the community safe. We may suspend or close accounts that provide false information or break these Terms."),
    ],
  },
  {
    id: "bookings",
    title: translatable("3. Bookings and Payments"),
    paragraphs: [
      translatable("Bookings are instant: a booking is confirmed when payment succeeds, without host approval. Guests pay the rental price set by the host plus a 10% service fee, shown before payment."),
      translatable("Payments are held by the Platform until 24 hours after the booking and then released to the host. Hosts receive 90% of each booking. Payouts arrive in 3-5 business days."),
      translatable("Cancellations and refunds follow the listing's cancellation policy (Flexible, Moderate or Strict) as described in our Cancellation Policy. Refunds take 5-7 business days; service fees may be non-refundable. If a host cancels, the guest receives a full refund including fees."),
    ],
  },
  {
    id: "hosts",
    title: translatable("4. Host Responsibilities"),
    paragraphs: [
      translatable("Listing is free. Hosts must describe their spaces, vehicles, equipment, services and experiences accurately, keep availability up to date, honour confirmed bookings, and comply with all laws, permits, taxes and insurance requirements that apply to them."),
      translatable("Hosts are responsible for the safety and condition of what they list. Each booking includes $1M liability insurance, subject to the policy's terms and exclusions."),
    ],
  },
  {
    id: "conduct",
    title: translatable("5. Prohibited Conduct"),
    paragraphs: [
      translatable("You may not use the Platform for unlawful purposes, post false or misleading listings or reviews, harass other users, circumvent our payment system, or interfere with the Platform's security or operation."),
      translatable("We may remove content and suspend accounts that break these rules."),
    ],
  },
  {
    id: "liability",
    title: translatable("6. Limitation of Liability"),
    paragraphs: [
      translatable("The Platform connects hosts and guests; the rental agreement is between them. To the extent permitted by law, Rentwell is not liable for indirect, incidental or consequential damages arising from your use of the Platform, and our total liability is limited to the fees you paid us in the 12 months before the claim."),
      translatable("These Terms are governed by the laws of the State of Florida. Questions about these Terms can be sent to our legal team through the Contact page."),
    ],
  },
];

/**
 * The terms as a Markdown document, for 'Download Full Terms'; `say` translates the texts
 * (ADR 0294) and `lastUpdated` is the date in that language. English by default.
 */
export function termsMarkdown(say: (text: string) => string = (text) => text, lastUpdated: string = TERMS_LAST_UPDATED) {
  const lines = [`# ${say(translatable("Rentwell Terms of Service"))}`, "", `${say(translatable("Last updated:"))} ${lastUpdated}`, ""];
  for (const section of TERMS_SECTIONS) {
    lines.push(`## ${say(section.title)}`, "");
    for (const paragraph of section.paragraphs) lines.push(say(paragraph), "");
  }
  lines.push("---", "", say(translatable("Rentwell, Inc. · Tampa, Florida")), "");
  return lines.join("\n");
}
