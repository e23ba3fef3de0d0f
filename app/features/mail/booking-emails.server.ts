import { eq } from "drizzle-orm";
import { users } from "~/db/schema/auth";
import { bookings, payouts } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { profiles } from "~/db/schema/profiles";
import { formatInZone, rangeInZone } from "~/features/bookings/booking-widget-rules";
import { spacePath } from "~/features/listings/slug";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formatMinor } from "~/lib/money";
import { priceLines, pricePartsOf } from "~/features/bookings/price-lines";
import { queueEmail } from "./outbox.server";
import { renderEmail } from "./render";

/**
 * The booking e-mails (ADR 0170), queued in the caller's transaction next to the
 * state change they announce. Each has a dedupe key, so settling a payment twice
 * (a reload, a late event) still sends one e-mail.
 */
type Person = { id: string; email: string; name: string };

async function person(tx: Db | Tx, userId: string): Promise<Person | null> {
  const [row] = await tx
    .select({ id: users.id, email: users.email, name: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ? { id: row.id, email: row.email, name: row.name?.trim() || "there" } : null;
}

async function bookingContext(tx: Db | Tx, bookingId: string) {
  const [row] = await tx.select({ booking: bookings, space: spaces }).from(bookings).innerJoin(spaces, eq(spaces.id, bookings.spaceId)).where(eq(bookings.id, bookingId));
  if (!row) return null;
  const [guest, host] = await Promise.all([person(tx, row.booking.userId), person(tx, row.space.userId)]);
  if (!guest || !host) return null;
  const { booking, space } = row;
  return {
    booking,
    space,
    guest,
    host,
    when: rangeInZone(booking.startTime.toISOString(), booking.endTime.toISOString(), space.timezone),
    spaceUrl: absoluteUrl(spacePath(space)),
    money: (minor: number) => formatMinor(minor, booking.currency),
  };
}

export function absoluteUrl(pathname: string): string {
  return new URL(pathname, env().SITE_URL).toString();
}

/**
 * The guest's receipt and the host's notice, when a payment confirms a booking; with
 * `accepted`, a request to book the host accepted (its capture went through, ADR 0280).
 */
export async function queueBookingConfirmedEmails(tx: Db | Tx, bookingId: string, now: Date, options: { accepted?: boolean } = {}): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, space, guest, host, when, money } = context;
  const guestMail = renderEmail({
    subject: options.accepted ? `Request accepted: ${space.title}` : `Booking confirmed: ${space.title}`,
    heading: options.accepted ? `${space.title} accepted your request: your booking is confirmed` : `Your booking of ${space.title} is confirmed`,
    paragraphs: [
      options.accepted
        ? `Hi ${guest.name}, the host accepted your request and your card was charged: the space is yours for ${when} (${space.timezone}).`
        : `Hi ${guest.name}, your payment went through and the space is yours for ${when} (${space.timezone}).`,
    ],
    details: [
      { label: "Space", value: `${space.title}, ${space.location}` },
      { label: "When", value: when },
      ...(booking.units > 1 ? [{ label: "Units or seats", value: String(booking.units) }] : []),
      // Rental, service fee, and Protection and Delivery when chosen at checkout (ADR 0286, 0287).
      ...priceLines(pricePartsOf(booking)).map((line) => ({ label: line.label, value: money(line.amount) })),
      { label: "Total paid", value: money(booking.totalPrice) },
      { label: "Booking", value: booking.id },
    ],
    action: { label: "See your bookings", url: absoluteUrl("/my-bookings") },
  });
  await queueEmail(tx, { ...guestMail, kind: "booking_confirmed", to: guest.email, userId: guest.id, dedupeKey: `booking-confirmed:${booking.id}:guest`, now });
  const hostMail = renderEmail({
    subject: `New booking: ${space.title}`,
    heading: `${space.title} has been booked`,
    paragraphs: [
      options.accepted
        ? `Hi ${host.name}, you accepted ${guest.name === "there" ? "a guest" : guest.name}'s request: the payment went through and the booking for ${when} (${space.timezone}) is confirmed.`
        : `Hi ${host.name}, ${guest.name === "there" ? "a guest" : guest.name} booked your space for ${when} (${space.timezone}).`,
    ],
    details: [
      { label: "When", value: when },
      ...(booking.units > 1 ? [{ label: "Units or seats", value: String(booking.units) }] : []),
      // The rental and the delivery fee (ADR 0287) are the host's.
      { label: "Your earnings", value: money(booking.rentalAmount + booking.deliveryAmount) },
      { label: "Booking", value: booking.id },
    ],
    action: { label: "Open your dashboard", url: absoluteUrl("/dashboard") },
  });
  await queueEmail(tx, { ...hostMail, kind: "booking_confirmed", to: host.email, userId: host.id, dedupeKey: `booking-confirmed:${booking.id}:host`, now });
}

/**
 * Both sides hear that a guest moved a booking (issue #26), with the old and the new time.
 * A receipt: sent as the booking_confirmed kind, keyed by the move.
 */
export async function queueBookingMovedEmails(
  tx: Db | Tx,
  bookingId: string,
  previous: { start: Date; end: Date },
  now: Date,
  /** A change to another length (ADR 0205): the replaced booking's payment, refunded in full. */
  replaced?: { refund: number },
): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, space, guest, host, when, money } = context;
  const before = rangeInZone(previous.start.toISOString(), previous.end.toISOString(), space.timezone);
  const key = `booking-moved:${booking.id}:${booking.startTime.toISOString()}:${now.toISOString()}`;
  const guestMail = renderEmail({
    subject: `Booking moved: ${space.title}`,
    heading: "Your booking has a new time",
    paragraphs: [
      replaced
        ? `Hi ${guest.name}, your booking of ${space.title} is now for ${when} (${space.timezone}), for ${money(booking.totalPrice)}. Your earlier payment of ${money(replaced.refund)} is refunded in full; the cancellation terms stay as they were.`
        : `Hi ${guest.name}, your booking of ${space.title} is now for ${when} (${space.timezone}). The price and the cancellation terms stay as they were.`,
    ],
    details: [
      { label: "New time", value: when },
      { label: "Was", value: before },
      { label: "Booking", value: booking.id },
    ],
    action: { label: "See your bookings", url: absoluteUrl("/my-bookings") },
  });
  await queueEmail(tx, { ...guestMail, kind: "booking_confirmed", to: guest.email, userId: guest.id, dedupeKey: `${key}:guest`, now });
  const hostMail = renderEmail({
    subject: `Booking moved: ${space.title}`,
    heading: `A booking of ${space.title} has a new time`,
    paragraphs: [`Hi ${host.name}, ${guest.name === "there" ? "a guest" : guest.name} moved their booking to ${when} (${space.timezone}); ${before} is free again.`],
    details: [
      { label: "New time", value: when },
      { label: "Was", value: before },
      { label: "Booking", value: booking.id },
    ],
    action: { label: "Open your dashboard", url: absoluteUrl("/dashboard") },
  });
  await queueEmail(tx, { ...hostMail, kind: "booking_confirmed", to: host.email, userId: host.id, dedupeKey: `${key}:host`, now });
}

/** Both sides hear about a cancellation, with the refund the guest gets back. */
export async function queueBookingCancelledEmails(tx: Db | Tx, bookingId: string, now: Date): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, space, guest, host, when, money } = context;
  const refund = money(booking.refundAmount ?? 0);
  const guestMail = renderEmail({
    subject: `Booking cancelled: ${space.title}`,
    heading: "Your booking is cancelled",
    paragraphs: [
      `Hi ${guest.name}, your booking of ${space.title} for ${when} is cancelled${booking.cancelledBy === "host" ? " by the host" : booking.cancelledBy === "admin" ? " by Rentwell" : ""}.`,
      ...(booking.cancelledBy !== "guest" && booking.cancellationReason ? [`Reason: ${booking.cancellationReason}`] : []),
      (booking.refundAmount ?? 0) > 0
        ? `We are refunding ${refund} to your card; it usually shows within 5–10 business days.`
        : "Under the listing's cancellation policy no refund is due.",
    ],
    details: [
      { label: "Total paid", value: money(booking.totalPrice) },
      { label: "Refund", value: refund },
      { label: "Booking", value: booking.id },
    ],
    action: { label: "See your bookings", url: absoluteUrl("/my-bookings") },
  });
  await queueEmail(tx, { ...guestMail, kind: "booking_cancelled", to: guest.email, userId: guest.id, dedupeKey: `booking-cancelled:${booking.id}:guest`, now });
  const hostMail = renderEmail({
    subject: `Booking cancelled: ${space.title}`,
    heading: `A booking of ${space.title} was cancelled`,
    paragraphs: [
      `Hi ${host.name}, the booking for ${when} was cancelled ${booking.cancelledBy === "host" ? "by you" : booking.cancelledBy === "admin" ? "by Rentwell" : "by the guest"} and the time is free again.`,
      ...(booking.cancellationReason ? [`Reason: ${booking.cancellationReason}`] : []),
    ],
    details: [
      { label: "Refunded to the guest", value: refund },
      { label: "Booking", value: booking.id },
    ],
    action: { label: "Open your dashboard", url: absoluteUrl("/dashboard") },
  });
  await queueEmail(tx, { ...hostMail, kind: "booking_cancelled", to: host.email, userId: host.id, dedupeKey: `booking-cancelled:${booking.id}:host`, now });
}

/** The guest hears once per booking that a card payment did not go through. */
export async function queuePaymentFailedEmail(tx: Db | Tx, bookingId: string, reason: string | null, now: Date): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, space, guest, when, money } = context;
  const mail = renderEmail({
    subject: `Payment failed: ${space.title}`,
    heading: "Your payment did not go through",
    paragraphs: [
      `Hi ${guest.name}, the card payment of ${money(booking.totalPrice)} for ${space.title} (${when}) failed${reason ? `: ${reason}` : "."}`,
      "Your time is held for 15 minutes from when you started checking out; you can try another card on the space page.",
    ],
    action: { label: "Back to the space", url: context.spaceUrl },
  });
  await queueEmail(tx, { ...mail, kind: "payment_failed", to: guest.email, userId: guest.id, dedupeKey: `payment-failed:${booking.id}`, now });
}

/**
 * The guest hears why a payment that arrived too late booked nothing: the hold had
 * lapsed, the guest had picked another time, or the booking's start had passed. Sent
 * once per booking, with the refund.
 */
export async function queueLatePaymentRefundedEmail(tx: Db | Tx, bookingId: string, now: Date): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, space, guest, when, money } = context;
  const refund = money(booking.refundAmount ?? booking.totalPrice);
  const mail = renderEmail({
    subject: `Payment refunded: ${space.title}`,
    heading: "Your payment arrived too late and is refunded",
    paragraphs: [
      `Hi ${guest.name}, your payment for ${space.title} (${when}) went through after the time was no longer held for you, so it did not book the space.`,
      `We are refunding ${refund} in full to your card; it usually shows within 5–10 business days.`,
    ],
    details: [
      { label: "Refund", value: refund },
      { label: "Booking", value: booking.id },
    ],
    action: { label: "Back to the space", url: context.spaceUrl },
  });
  await queueEmail(tx, { ...mail, kind: "payment_failed", to: guest.email, userId: guest.id, dedupeKey: `payment-refunded:${booking.id}`, now });
}

/**
 * The host hears that a payout was sent. Called by the payouts job in the
 * transaction that marks the payout paid.
 */
export async function queuePayoutSentEmail(tx: Db | Tx, payoutId: string, now: Date): Promise<void> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout) return;
  const context = await bookingContext(tx, payout.bookingId);
  if (!context) return;
  const { space, host, when } = context;
  const amount = formatMinor(payout.amount - payout.deductedAmount, payout.currency);
  const mail = renderEmail({
    subject: `Payout sent: ${amount}`,
    heading: `We sent you ${amount}`,
    paragraphs: [`Hi ${host.name}, your earnings for the booking of ${space.title} (${when}) are on their way to your bank account.`],
    details: [
      { label: "Amount", value: amount },
      ...(payout.deductedAmount > 0
        ? [
            { label: "Earnings", value: formatMinor(payout.amount, payout.currency) },
            { label: "Deducted from this payout", value: formatMinor(payout.deductedAmount, payout.currency) },
          ]
        : []),
      { label: "Booking", value: payout.bookingId },
    ],
    action: { label: "Open your dashboard", url: absoluteUrl("/dashboard") },
  });
  await queueEmail(tx, { ...mail, kind: "payout_sent", to: host.email, userId: host.id, dedupeKey: `payout-sent:${payout.id}`, now });
}

export type RequestEmail = "received" | "declined" | "expired" | "withdrawn";

/**
 * A request to book's e-mails (issue #28, ADR 0280), receipts (always sent) of the booking
 * kinds — booking_confirmed for a request received or sent, booking_cancelled for one
 * declined, expired or withdrawn — one per booking and event: "received" (the host, with the accept / decline link and the
 * expiry in the listing's time zone; and "sent" to the guest), "declined" (the guest: the
 * authorisation is released), "expired" (both), "withdrawn" (the host). Accepted is the
 * usual confirmation (`queueBookingConfirmedEmails` with `accepted`).
 */
export async function queueRequestEmails(tx: Db | Tx, bookingId: string, event: RequestEmail, now: Date, links?: { answerPath: string }): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, space, guest, host, when, money } = context;
  const guestName = guest.name === "there" ? "a guest" : guest.name;
  const expires = booking.requestExpiresAt ? `${formatInZone(booking.requestExpiresAt.toISOString(), space.timezone)} (${space.timezone})` : "";
  const details = [
    { label: "Space", value: `${space.title}, ${space.location}` },
    { label: "When", value: when },
    ...(booking.units > 1 ? [{ label: "Units or seats", value: String(booking.units) }] : []),
  ];
  const key = `booking-request:${booking.id}:${event}`;
  const send = async (to: typeof guest, mail: ReturnType<typeof renderEmail>, side: "guest" | "host") =>
    queueEmail(tx, { ...mail, kind: event === "received" ? "booking_confirmed" : "booking_cancelled", to: to.email, userId: to.id, dedupeKey: `${key}:${side}`, now });
  if (event === "received") {
    await send(
      host,
      renderEmail({
        subject: `Booking request: ${space.title}`,
        heading: `${guestName} asks to book ${space.title}`,
        paragraphs: [
          `Hi ${host.name}, ${guestName} would like to book ${space.title} for ${when} (${space.timezone}). Their card is authorised for ${money(booking.totalPrice)}; it is charged only if you accept.`,
          ...(booking.requestMessage ? [`Their message: “${booking.requestMessage}”`] : []),
          `Please accept or decline by ${expires}; after that the request expires and the authorisation is released.`,
        ],
        details: [...details, { label: "Your earnings", value: money(booking.rentalAmount + booking.deliveryAmount) }, { label: "Answer by", value: expires }],
        action: { label: "Accept or decline", url: absoluteUrl(links?.answerPath ?? "/dashboard") },
      }),
      "host",
    );
    await send(
      guest,
      renderEmail({
        subject: `Request sent: ${space.title}`,
        heading: "Your request was sent to the host",
        paragraphs: [
          `Hi ${guest.name}, your request to book ${space.title} for ${when} (${space.timezone}) was sent. Your card is authorised for ${money(booking.totalPrice)}, not charged: it is charged only if the host accepts.`,
          `The host has until ${expires} to answer; the time stays held for you until then.`,
        ],
        details: [...details, { label: "Total if accepted", value: money(booking.totalPrice) }, { label: "Booking", value: booking.id }],
        action: { label: "See your request", url: absoluteUrl(`/bookings/${booking.id}`) },
      }),
      "guest",
    );
    return;
  }
  if (event === "declined") {
    await send(
      guest,
      renderEmail({
        subject: `Request declined: ${space.title}`,
        heading: "The host declined your request",
        paragraphs: [
          `Hi ${guest.name}, the host of ${space.title} declined your request for ${when} (${space.timezone}).`,
          ...(booking.cancellationReason ? [`Their reason: “${booking.cancellationReason}”`] : []),
          `Your card was not charged: the authorisation of ${money(booking.totalPrice)} is released (your bank may show it for a few days).`,
        ],
        details,
        action: { label: "Back to the space", url: context.spaceUrl },
      }),
      "guest",
    );
    return;
  }
  if (event === "expired") {
    await send(
      guest,
      renderEmail({
        subject: `Request expired: ${space.title}`,
        heading: "Your request expired",
        paragraphs: [
          `Hi ${guest.name}, the host of ${space.title} did not answer your request for ${when} (${space.timezone}) in time.`,
          `Your card was not charged: the authorisation of ${money(booking.totalPrice)} is released.`,
        ],
        details,
        action: { label: "Back to the space", url: context.spaceUrl },
      }),
      "guest",
    );
    await send(
      host,
      renderEmail({
        subject: `Request expired: ${space.title}`,
        heading: `${guestName}'s request expired`,
        paragraphs: [`Hi ${host.name}, the request to book ${space.title} for ${when} (${space.timezone}) expired without an answer; the time is free again.`],
        details,
        action: { label: "Open your dashboard", url: absoluteUrl("/dashboard") },
      }),
      "host",
    );
    return;
  }
  await send(
    host,
    renderEmail({
      subject: `Request withdrawn: ${space.title}`,
      heading: `${guestName} withdrew their request`,
      paragraphs: [`Hi ${host.name}, ${guestName} withdrew the request to book ${space.title} for ${when} (${space.timezone}); the time is free again.`],
      details,
      action: { label: "Open your dashboard", url: absoluteUrl("/dashboard") },
    }),
    "host",
  );
}

/** The deposit and damage-claim e-mails (issue #28 points 2 and 6, ADR 0284), one per event and booking. */
export type DepositEmailEvent = "held" | "released" | "failed" | "claim_opened" | "claim_accepted" | "claim_disputed" | "claim_decided";

export async function queueDepositEmails(
  tx: Db | Tx,
  bookingId: string,
  event: DepositEmailEvent,
  facts: { deposit: number; claim?: number; decided?: number; answerBy?: Date; note?: string | null },
  now: Date,
): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, space, guest, host, when, money } = context;
  const page = absoluteUrl(`/bookings/${booking.id}`);
  const action = { label: "Open the booking", url: page };
  const details = [
    { label: "Booking", value: `${space.title}, ${when}` },
    { label: "Security deposit", value: money(facts.deposit) },
    ...(facts.claim !== undefined ? [{ label: "Claim", value: money(facts.claim) }] : []),
  ];
  const send = async (to: Person, key: string, subject: string, heading: string, paragraphs: string[]) => {
    const mail = renderEmail({ subject, heading, paragraphs, details, action });
    await queueEmail(tx, { ...mail, kind: "deposit", to: to.email, userId: to.id, dedupeKey: `deposit-${event}:${key}:${booking.id}`, now });
  };
  switch (event) {
    case "held":
      return send(guest, "guest", `Deposit held: ${space.title}`, "Your security deposit is held", [
        `Hi ${guest.name}, ${money(facts.deposit)} is held on your card for ${space.title} (${when}). It is not charged: it is released after the booking unless the host opens a damage claim.`,
      ]);
    case "released":
      return send(guest, "guest", `Deposit released: ${space.title}`, "Your security deposit is released", [
        `Hi ${guest.name}, the hold of ${money(facts.deposit)} on your card for ${space.title} is released. Nothing was charged.`,
      ]);
    case "failed":
      await send(guest, "guest", `Deposit could not be authorised: ${space.title}`, "Your security deposit could not be authorised", [
        `Hi ${guest.name}, your saved card declined the security deposit of ${money(facts.deposit)} for ${space.title} (${when}).`,
        "The host may cancel the booking; you would get a full refund. Contact the host to settle the deposit another way.",
      ]);
      return send(host, "host", `Deposit could not be authorised: ${space.title}`, "The guest's deposit could not be authorised", [
        `Hi ${host.name}, the guest's card declined the security deposit of ${money(facts.deposit)} for ${space.title} (${when}).`,
        "You may cancel the booking from your dashboard; the guest gets a full refund.",
      ]);
    case "claim_opened":
      return send(guest, "guest", `Damage claim: ${space.title}`, "Your host opened a damage claim", [
        `Hi ${guest.name}, your host claims ${money(facts.claim ?? 0)} of your ${money(facts.deposit)} deposit for ${space.title}.`,
        `Accept or dispute it by ${facts.answerBy?.toUTCString() ?? "72 hours from now"}; without an answer it is accepted.`,
      ]);
    case "claim_accepted":
      return send(host, "host", `Claim accepted: ${space.title}`, "Your damage claim was accepted", [
        `Hi ${host.name}, the claim of ${money(facts.claim ?? 0)} for ${space.title} was accepted. It is charged from the deposit and paid to you with your payouts.`,
      ]);
    case "claim_disputed":
      return send(host, "host", `Claim disputed: ${space.title}`, "Your guest disputed the damage claim", [
        `Hi ${host.name}, your guest disputed the claim of ${money(facts.claim ?? 0)} for ${space.title}. An admin will decide it.`,
      ]);
    case "claim_decided": {
      const decided = money(facts.decided ?? 0);
      const note = facts.note ? [`The decision: ${facts.note}`] : [];
      await send(guest, "guest", `Claim decided: ${space.title}`, "The damage claim was decided", [`Hi ${guest.name}, an admin decided the claim for ${space.title}: ${decided} is charged from your deposit, the rest released.`, ...note]);
      return send(host, "host", `Claim decided: ${space.title}`, "Your damage claim was decided", [`Hi ${host.name}, an admin decided your claim for ${space.title}: ${decided} is charged and paid to you with your payouts.`, ...note]);
    }
  }
}
