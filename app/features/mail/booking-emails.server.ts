import { msg } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema/auth";
import { bookings, payouts } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { profiles } from "~/db/schema/profiles";
import { spacePath } from "~/features/listings/slug";
import type { Db, Tx } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { formatDate } from "~/lib/dates";
import { priceLines, pricePartsOf, type PriceLine } from "~/features/bookings/price-lines";
import { basisPointsText } from "~/features/bookings/requirements";
import { listingTitleIn, recipientLanguage, type MailLanguage } from "./mail-i18n.server";
import { queueEmail } from "./outbox.server";
import { renderEmail, type EmailContent } from "./render";

/**
 * The booking e-mails (ADR 0170), queued in the caller's transaction next to the
 * state change they announce. Each has a dedupe key, so settling a payment twice
 * (a reload, a late event) still sends one e-mail.
 */
type Person = { id: string; email: string; name: string | null };

async function person(tx: Db | Tx, userId: string): Promise<Person | null> {
  const [row] = await tx
    .select({ id: users.id, email: users.email, name: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row ? { id: row.id, email: row.email, name: row.name?.trim() || null } : null;
}

/** The name to greet someone by ("Hi there" when it is unknown), in the recipient's language. */
function greeting(lang: MailLanguage, who: Person): string {
  return who.name ?? lang.t(msg({ message: "there", comment: "Greeting without a name: 'Hi {name},' becomes 'Hi there,'" }));
}

/** The guest as the host reads about them ("a guest" without a name). */
function guestCalled(lang: MailLanguage, guest: Person): string {
  return guest.name ?? lang.t(msg`a guest`);
}

async function bookingContext(tx: Db | Tx, bookingId: string) {
  const [row] = await tx.select({ booking: bookings, space: spaces }).from(bookings).innerJoin(spaces, eq(spaces.id, bookings.spaceId)).where(eq(bookings.id, bookingId));
  if (!row) return null;
  const [guest, host] = await Promise.all([person(tx, row.booking.userId), person(tx, row.space.userId)]);
  if (!guest || !host) return null;
  const { booking, space } = row;
  const start = booking.startTime.toISOString();
  const end = booking.endTime.toISOString();
  return {
    booking,
    space,
    guest,
    host,
    /** The booking's time in the listing's zone, as `lang` writes dates. */
    when: (lang: MailLanguage) => lang.range(start, end, space.timezone),
    /** The listing's title as `lang` names it: the host's translation into that language, else the host's own (ADR 0295). */
    title: (lang: MailLanguage) => listingTitleIn(tx, space, lang.locale),
    spaceUrl: absoluteUrl(spacePath(space)),
    money: (lang: MailLanguage, minor: number) => lang.money(minor, booking.currency),
  };
}

/** Checkout's price lines (ADR 0286, 0287) with their labels in the recipient's language. */
function priceLabel(lang: MailLanguage, line: PriceLine): string {
  switch (line.key) {
    case "rental":
      return lang.t(msg`Rental`);
    case "fee":
      return lang.t(msg`Service fee`);
    case "delivery":
      return lang.t(msg`Delivery`);
    case "protection": {
      // "Protection (8%)": the rate written in the recipient's language ("Protección (8 %)").
      const rate = line.basisPoints !== undefined ? ` (${basisPointsText(line.basisPoints, lang.locale)})` : line.label.slice("Protection".length);
      return lang.t(msg`Protection${rate}`);
    }
  }
}

function render(lang: MailLanguage, content: Omit<EmailContent, "locale">) {
  return renderEmail({ ...content, locale: lang.locale });
}

export function absoluteUrl(pathname: string): string {
  return new URL(pathname, env().SITE_URL).toString();
}

/**
 * The guest's receipt and the host's notice, when a payment confirms a booking; with
 * `accepted`, a request to book the host accepted (its capture went through, ADR 0280).
 * Each in its recipient's language (ADR 0296).
 */
export async function queueBookingConfirmedEmails(tx: Db | Tx, bookingId: string, now: Date, options: { accepted?: boolean } = {}): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, space, guest, host, money } = context;
  const zone = space.timezone;
  const location = space.location;
  {
    const lang = await recipientLanguage(tx, guest.id);
    const title = await context.title(lang);
    const { t } = lang;
    const name = greeting(lang, guest);
    const when = context.when(lang);
    const units = String(booking.units);
    const guestMail = render(lang, {
      subject: options.accepted ? t(msg`Request accepted: ${title}`) : t(msg`Booking confirmed: ${title}`),
      heading: options.accepted ? t(msg`${title} accepted your request: your booking is confirmed`) : t(msg`Your booking of ${title} is confirmed`),
      paragraphs: [
        options.accepted
          ? t(msg`Hi ${name}, the host accepted your request and your card was charged: the space is yours for ${when} (${zone}).`)
          : t(msg`Hi ${name}, your payment went through and the space is yours for ${when} (${zone}).`),
      ],
      details: [
        { label: t(msg`Space`), value: t(msg`${title}, ${location}`) },
        { label: t(msg`When`), value: when },
        ...(booking.units > 1 ? [{ label: t(msg`Units or seats`), value: units }] : []),
        // Rental, service fee, and Protection and Delivery when chosen at checkout (ADR 0286, 0287).
        ...priceLines(pricePartsOf(booking)).map((line) => ({ label: priceLabel(lang, line), value: money(lang, line.amount) })),
        { label: t(msg`Total paid`), value: money(lang, booking.totalPrice) },
        { label: t(msg`Booking`), value: booking.id },
      ],
      action: { label: t(msg`See your bookings`), url: absoluteUrl("/my-bookings") },
    });
    await queueEmail(tx, { ...guestMail, kind: "booking_confirmed", to: guest.email, userId: guest.id, dedupeKey: `booking-confirmed:${booking.id}:guest`, now });
  }
  const lang = await recipientLanguage(tx, host.id);
  const title = await context.title(lang);
  const { t } = lang;
  const name = greeting(lang, host);
  const guestName = guestCalled(lang, guest);
  const when = context.when(lang);
  const hostMail = render(lang, {
    subject: t(msg`New booking: ${title}`),
    heading: t(msg`${title} has been booked`),
    paragraphs: [
      options.accepted
        ? t(msg`Hi ${name}, you accepted ${guestName}'s request: the payment went through and the booking for ${when} (${zone}) is confirmed.`)
        : t(msg`Hi ${name}, ${guestName} booked your space for ${when} (${zone}).`),
    ],
    details: [
      { label: t(msg`When`), value: when },
      ...(booking.units > 1 ? [{ label: t(msg`Units or seats`), value: String(booking.units) }] : []),
      // The rental and the delivery fee (ADR 0287) are the host's.
      { label: t(msg`Your earnings`), value: money(lang, booking.rentalAmount + booking.deliveryAmount) },
      { label: t(msg`Booking`), value: booking.id },
    ],
    action: { label: t(msg`Open your dashboard`), url: absoluteUrl("/dashboard") },
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
  const { booking, space, guest, host, money } = context;
  const zone = space.timezone;
  const wasIn = (lang: MailLanguage) => lang.range(previous.start.toISOString(), previous.end.toISOString(), space.timezone);
  const key = `booking-moved:${booking.id}:${booking.startTime.toISOString()}:${now.toISOString()}`;
  {
    const lang = await recipientLanguage(tx, guest.id);
    const title = await context.title(lang);
    const { t } = lang;
    const name = greeting(lang, guest);
    const when = context.when(lang);
    const total = money(lang, booking.totalPrice);
    const refund = money(lang, replaced?.refund ?? 0);
    const guestMail = render(lang, {
      subject: t(msg`Booking moved: ${title}`),
      heading: t(msg`Your booking has a new time`),
      paragraphs: [
        replaced
          ? t(msg`Hi ${name}, your booking of ${title} is now for ${when} (${zone}), for ${total}. Your earlier payment of ${refund} is refunded in full; the cancellation terms stay as they were.`)
          : t(msg`Hi ${name}, your booking of ${title} is now for ${when} (${zone}). The price and the cancellation terms stay as they were.`),
      ],
      details: [
        { label: t(msg`New time`), value: when },
        { label: t(msg`Was`), value: wasIn(lang) },
        { label: t(msg`Booking`), value: booking.id },
      ],
      action: { label: t(msg`See your bookings`), url: absoluteUrl("/my-bookings") },
    });
    await queueEmail(tx, { ...guestMail, kind: "booking_confirmed", to: guest.email, userId: guest.id, dedupeKey: `${key}:guest`, now });
  }
  const lang = await recipientLanguage(tx, host.id);
  const title = await context.title(lang);
  const { t } = lang;
  const name = greeting(lang, host);
  const guestName = guestCalled(lang, guest);
  const when = context.when(lang);
  const before = wasIn(lang);
  const hostMail = render(lang, {
    subject: t(msg`Booking moved: ${title}`),
    heading: t(msg`A booking of ${title} has a new time`),
    paragraphs: [t(msg`Hi ${name}, ${guestName} moved their booking to ${when} (${zone}); ${before} is free again.`)],
    details: [
      { label: t(msg`New time`), value: when },
      { label: t(msg`Was`), value: before },
      { label: t(msg`Booking`), value: booking.id },
    ],
    action: { label: t(msg`Open your dashboard`), url: absoluteUrl("/dashboard") },
  });
  await queueEmail(tx, { ...hostMail, kind: "booking_confirmed", to: host.email, userId: host.id, dedupeKey: `${key}:host`, now });
}

/** Both sides hear about a cancellation, with the refund the guest gets back. */
export async function queueBookingCancelledEmails(tx: Db | Tx, bookingId: string, now: Date): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, guest, host, money } = context;
  const reason = booking.cancellationReason ?? "";
  {
    const lang = await recipientLanguage(tx, guest.id);
    const title = await context.title(lang);
    const { t } = lang;
    const name = greeting(lang, guest);
    const when = context.when(lang);
    const refund = money(lang, booking.refundAmount ?? 0);
    const guestMail = render(lang, {
      subject: t(msg`Booking cancelled: ${title}`),
      heading: t(msg`Your booking is cancelled`),
      paragraphs: [
        booking.cancelledBy === "host"
          ? t(msg`Hi ${name}, your booking of ${title} for ${when} is cancelled by the host.`)
          : booking.cancelledBy === "admin"
            ? t(msg`Hi ${name}, your booking of ${title} for ${when} is cancelled by Rentwell.`)
            : t(msg`Hi ${name}, your booking of ${title} for ${when} is cancelled.`),
        ...(booking.cancelledBy !== "guest" && reason ? [t(msg`Reason: ${reason}`)] : []),
        (booking.refundAmount ?? 0) > 0
          ? t(msg`We are refunding ${refund} to your card; it usually shows within 5–10 business days.`)
          : t(msg`Under the listing's cancellation policy no refund is due.`),
      ],
      details: [
        { label: t(msg`Total paid`), value: money(lang, booking.totalPrice) },
        { label: t(msg`Refund`), value: refund },
        { label: t(msg`Booking`), value: booking.id },
      ],
      action: { label: t(msg`See your bookings`), url: absoluteUrl("/my-bookings") },
    });
    await queueEmail(tx, { ...guestMail, kind: "booking_cancelled", to: guest.email, userId: guest.id, dedupeKey: `booking-cancelled:${booking.id}:guest`, now });
  }
  const lang = await recipientLanguage(tx, host.id);
  const title = await context.title(lang);
  const { t } = lang;
  const name = greeting(lang, host);
  const when = context.when(lang);
  const hostMail = render(lang, {
    subject: t(msg`Booking cancelled: ${title}`),
    heading: t(msg`A booking of ${title} was cancelled`),
    paragraphs: [
      booking.cancelledBy === "host"
        ? t(msg`Hi ${name}, the booking for ${when} was cancelled by you and the time is free again.`)
        : booking.cancelledBy === "admin"
          ? t(msg`Hi ${name}, the booking for ${when} was cancelled by Rentwell and the time is free again.`)
          : t(msg`Hi ${name}, the booking for ${when} was cancelled by the guest and the time is free again.`),
      ...(reason ? [t(msg`Reason: ${reason}`)] : []),
    ],
    details: [
      { label: t(msg`Refunded to the guest`), value: money(lang, booking.refundAmount ?? 0) },
      { label: t(msg`Booking`), value: booking.id },
    ],
    action: { label: t(msg`Open your dashboard`), url: absoluteUrl("/dashboard") },
  });
  await queueEmail(tx, { ...hostMail, kind: "booking_cancelled", to: host.email, userId: host.id, dedupeKey: `booking-cancelled:${booking.id}:host`, now });
}

/** The guest hears once per booking that a card payment did not go through. */
export async function queuePaymentFailedEmail(tx: Db | Tx, bookingId: string, reason: string | null, now: Date): Promise<void> {
  const context = await bookingContext(tx, bookingId);
  if (!context) return;
  const { booking, guest, money } = context;
  const lang = await recipientLanguage(tx, guest.id);
  const title = await context.title(lang);
  const { t } = lang;
  const name = greeting(lang, guest);
  const when = context.when(lang);
  const total = money(lang, booking.totalPrice);
  const mail = render(lang, {
    subject: t(msg`Payment failed: ${title}`),
    heading: t(msg`Your payment did not go through`),
    paragraphs: [
      reason
        ? t(msg`Hi ${name}, the card payment of ${total} for ${title} (${when}) failed: ${reason}`)
        : t(msg`Hi ${name}, the card payment of ${total} for ${title} (${when}) failed.`),
      t(msg`Your time is held for 15 minutes from when you started checking out; you can try another card on the space page.`),
    ],
    action: { label: t(msg`Back to the space`), url: context.spaceUrl },
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
  const { booking, guest, money } = context;
  const lang = await recipientLanguage(tx, guest.id);
  const title = await context.title(lang);
  const { t } = lang;
  const name = greeting(lang, guest);
  const when = context.when(lang);
  const refund = money(lang, booking.refundAmount ?? booking.totalPrice);
  const mail = render(lang, {
    subject: t(msg`Payment refunded: ${title}`),
    heading: t(msg`Your payment arrived too late and is refunded`),
    paragraphs: [
      t(msg`Hi ${name}, your payment for ${title} (${when}) went through after the time was no longer held for you, so it did not book the space.`),
      t(msg`We are refunding ${refund} in full to your card; it usually shows within 5–10 business days.`),
    ],
    details: [
      { label: t(msg`Refund`), value: refund },
      { label: t(msg`Booking`), value: booking.id },
    ],
    action: { label: t(msg`Back to the space`), url: context.spaceUrl },
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
  const { host } = context;
  const lang = await recipientLanguage(tx, host.id);
  const title = await context.title(lang);
  const { t } = lang;
  const name = greeting(lang, host);
  const when = context.when(lang);
  const amount = lang.money(payout.amount - payout.deductedAmount, payout.currency);
  const mail = render(lang, {
    subject: t(msg`Payout sent: ${amount}`),
    heading: t(msg`We sent you ${amount}`),
    paragraphs: [t(msg`Hi ${name}, your earnings for the booking of ${title} (${when}) are on their way to your bank account.`)],
    details: [
      { label: t(msg`Amount`), value: amount },
      ...(payout.deductedAmount > 0
        ? [
            { label: t(msg`Earnings`), value: lang.money(payout.amount, payout.currency) },
            { label: t(msg`Deducted from this payout`), value: lang.money(payout.deductedAmount, payout.currency) },
          ]
        : []),
      { label: t(msg`Booking`), value: payout.bookingId },
    ],
    action: { label: t(msg`Open your dashboard`), url: absoluteUrl("/dashboard") },
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
  const { booking, space, guest, host, money } = context;
  const zone = space.timezone;
  const location = space.location;
  const key = `booking-request:${booking.id}:${event}`;
  /** Everything an e-mail to `to` needs, in their language. */
  const parts = async (to: Person) => {
    const lang = await recipientLanguage(tx, to.id);
    const { t } = lang;
    const title = await context.title(lang);
    const when = context.when(lang);
    const at = booking.requestExpiresAt ? lang.at(booking.requestExpiresAt.toISOString(), space.timezone) : "";
    const expires = at ? t(msg`${at} (${zone})`) : "";
    const details = [
      { label: t(msg`Space`), value: t(msg`${title}, ${location}`) },
      { label: t(msg`When`), value: when },
      ...(booking.units > 1 ? [{ label: t(msg`Units or seats`), value: String(booking.units) }] : []),
    ];
    return { lang, t, title, when, expires, details, name: greeting(lang, to), guestName: guestCalled(lang, guest), total: money(lang, booking.totalPrice) };
  };
  const send = async (to: typeof guest, mail: ReturnType<typeof renderEmail>, side: "guest" | "host") =>
    queueEmail(tx, { ...mail, kind: event === "received" ? "booking_confirmed" : "booking_cancelled", to: to.email, userId: to.id, dedupeKey: `${key}:${side}`, now });
  if (event === "received") {
    {
      const { lang, t, title, when, expires, details, name, guestName, total } = await parts(host);
      const message = booking.requestMessage ?? "";
      await send(
        host,
        render(lang, {
          subject: t(msg`Booking request: ${title}`),
          heading: t(msg`${guestName} asks to book ${title}`),
          paragraphs: [
            t(msg`Hi ${name}, ${guestName} would like to book ${title} for ${when} (${zone}). Their card is authorised for ${total}; it is charged only if you accept.`),
            ...(message ? [t(msg`Their message: “${message}”`)] : []),
            t(msg`Please accept or decline by ${expires}; after that the request expires and the authorisation is released.`),
          ],
          details: [...details, { label: t(msg`Your earnings`), value: money(lang, booking.rentalAmount + booking.deliveryAmount) }, { label: t(msg`Answer by`), value: expires }],
          action: { label: t(msg`Accept or decline`), url: absoluteUrl(links?.answerPath ?? "/dashboard") },
        }),
        "host",
      );
    }
    const { lang, t, title, when, expires, details, name, total } = await parts(guest);
    await send(
      guest,
      render(lang, {
        subject: t(msg`Request sent: ${title}`),
        heading: t(msg`Your request was sent to the host`),
        paragraphs: [
          t(msg`Hi ${name}, your request to book ${title} for ${when} (${zone}) was sent. Your card is authorised for ${total}, not charged: it is charged only if the host accepts.`),
          t(msg`The host has until ${expires} to answer; the time stays held for you until then.`),
        ],
        details: [...details, { label: t(msg`Total if accepted`), value: total }, { label: t(msg`Booking`), value: booking.id }],
        action: { label: t(msg`See your request`), url: absoluteUrl(`/bookings/${booking.id}`) },
      }),
      "guest",
    );
    return;
  }
  if (event === "declined") {
    const { lang, t, title, when, details, name, total } = await parts(guest);
    const reason = booking.cancellationReason ?? "";
    await send(
      guest,
      render(lang, {
        subject: t(msg`Request declined: ${title}`),
        heading: t(msg`The host declined your request`),
        paragraphs: [
          t(msg`Hi ${name}, the host of ${title} declined your request for ${when} (${zone}).`),
          ...(reason ? [t(msg`Their reason: “${reason}”`)] : []),
          t(msg`Your card was not charged: the authorisation of ${total} is released (your bank may show it for a few days).`),
        ],
        details,
        action: { label: t(msg`Back to the space`), url: context.spaceUrl },
      }),
      "guest",
    );
    return;
  }
  if (event === "expired") {
    {
      const { lang, t, title, when, details, name, total } = await parts(guest);
      await send(
        guest,
        render(lang, {
          subject: t(msg`Request expired: ${title}`),
          heading: t(msg`Your request expired`),
          paragraphs: [
            t(msg`Hi ${name}, the host of ${title} did not answer your request for ${when} (${zone}) in time.`),
            t(msg`Your card was not charged: the authorisation of ${total} is released.`),
          ],
          details,
          action: { label: t(msg`Back to the space`), url: context.spaceUrl },
        }),
        "guest",
      );
    }
    const { lang, t, title, when, details, name, guestName } = await parts(host);
    await send(
      host,
      render(lang, {
        subject: t(msg`Request expired: ${title}`),
        heading: t(msg`${guestName}'s request expired`),
        paragraphs: [t(msg`Hi ${name}, the request to book ${title} for ${when} (${zone}) expired without an answer; the time is free again.`)],
        details,
        action: { label: t(msg`Open your dashboard`), url: absoluteUrl("/dashboard") },
      }),
      "host",
    );
    return;
  }
  const { lang, t, title, when, details, name, guestName } = await parts(host);
  await send(
    host,
    render(lang, {
      subject: t(msg`Request withdrawn: ${title}`),
      heading: t(msg`${guestName} withdrew their request`),
      paragraphs: [t(msg`Hi ${name}, ${guestName} withdrew the request to book ${title} for ${when} (${zone}); the time is free again.`)],
      details,
      action: { label: t(msg`Open your dashboard`), url: absoluteUrl("/dashboard") },
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
  const { booking, guest, host, money } = context;
  const page = absoluteUrl(`/bookings/${booking.id}`);
  /** One e-mail to `to`, in their language: `write` gets what the texts need. */
  const send = async (
    to: Person,
    key: string,
    write: (words: { t: MailLanguage["t"]; title: string; name: string; when: string; deposit: string; claim: string; decided: string; answerBy: string }) => {
      subject: string;
      heading: string;
      paragraphs: string[];
    },
  ) => {
    const lang = await recipientLanguage(tx, to.id);
    const { t } = lang;
    const title = await context.title(lang);
    const when = context.when(lang);
    const deposit = money(lang, facts.deposit);
    const claim = money(lang, facts.claim ?? 0);
    const answerBy = facts.answerBy
      ? lang.locale === "en"
        ? facts.answerBy.toUTCString()
        : `${formatDate(facts.answerBy, lang.locale, { dateStyle: "full", timeStyle: "short", timeZone: "UTC" })} (UTC)`
      : t(msg`72 hours from now`);
    const text = write({ t, title, name: greeting(lang, to), when, deposit, claim, decided: money(lang, facts.decided ?? 0), answerBy });
    const details = [
      { label: t(msg`Booking`), value: t(msg`${title}, ${when}`) },
      { label: t(msg`Security deposit`), value: deposit },
      ...(facts.claim !== undefined ? [{ label: t(msg`Claim`), value: claim }] : []),
    ];
    const mail = render(lang, { ...text, details, action: { label: t(msg`Open the booking`), url: page } });
    await queueEmail(tx, { ...mail, kind: "deposit", to: to.email, userId: to.id, dedupeKey: `deposit-${event}:${key}:${booking.id}`, now });
  };
  const note = facts.note ?? "";
  switch (event) {
    case "held":
      return send(guest, "guest", ({ t, title, name, when, deposit }) => ({
        subject: t(msg`Deposit held: ${title}`),
        heading: t(msg`Your security deposit is held`),
        paragraphs: [t(msg`Hi ${name}, ${deposit} is held on your card for ${title} (${when}). It is not charged: it is released after the booking unless the host opens a damage claim.`)],
      }));
    case "released":
      return send(guest, "guest", ({ t, title, name, deposit }) => ({
        subject: t(msg`Deposit released: ${title}`),
        heading: t(msg`Your security deposit is released`),
        paragraphs: [t(msg`Hi ${name}, the hold of ${deposit} on your card for ${title} is released. Nothing was charged.`)],
      }));
    case "failed":
      await send(guest, "guest", ({ t, title, name, when, deposit }) => ({
        subject: t(msg`Deposit could not be authorised: ${title}`),
        heading: t(msg`Your security deposit could not be authorised`),
        paragraphs: [
          t(msg`Hi ${name}, your saved card declined the security deposit of ${deposit} for ${title} (${when}).`),
          t(msg`The host may cancel the booking; you would get a full refund. Contact the host to settle the deposit another way.`),
        ],
      }));
      return send(host, "host", ({ t, title, name, when, deposit }) => ({
        subject: t(msg`Deposit could not be authorised: ${title}`),
        heading: t(msg`The guest's deposit could not be authorised`),
        paragraphs: [
          t(msg`Hi ${name}, the guest's card declined the security deposit of ${deposit} for ${title} (${when}).`),
          t(msg`You may cancel the booking from your dashboard; the guest gets a full refund.`),
        ],
      }));
    case "claim_opened":
      return send(guest, "guest", ({ t, title, name, deposit, claim, answerBy }) => ({
        subject: t(msg`Damage claim: ${title}`),
        heading: t(msg`Your host opened a damage claim`),
        paragraphs: [
          t(msg`Hi ${name}, your host claims ${claim} of your ${deposit} deposit for ${title}.`),
          t(msg`Accept or dispute it by ${answerBy}; without an answer it is accepted.`),
        ],
      }));
    case "claim_accepted":
      return send(host, "host", ({ t, title, name, claim }) => ({
        subject: t(msg`Claim accepted: ${title}`),
        heading: t(msg`Your damage claim was accepted`),
        paragraphs: [t(msg`Hi ${name}, the claim of ${claim} for ${title} was accepted. It is charged from the deposit and paid to you with your payouts.`)],
      }));
    case "claim_disputed":
      return send(host, "host", ({ t, title, name, claim }) => ({
        subject: t(msg`Claim disputed: ${title}`),
        heading: t(msg`Your guest disputed the damage claim`),
        paragraphs: [t(msg`Hi ${name}, your guest disputed the claim of ${claim} for ${title}. An admin will decide it.`)],
      }));
    case "claim_decided": {
      await send(guest, "guest", ({ t, title, name, decided }) => ({
        subject: t(msg`Claim decided: ${title}`),
        heading: t(msg`The damage claim was decided`),
        paragraphs: [
          t(msg`Hi ${name}, an admin decided the claim for ${title}: ${decided} is charged from your deposit, the rest released.`),
          ...(note ? [t(msg`The decision: ${note}`)] : []),
        ],
      }));
      return send(host, "host", ({ t, title, name, decided }) => ({
        subject: t(msg`Claim decided: ${title}`),
        heading: t(msg`Your damage claim was decided`),
        paragraphs: [
          t(msg`Hi ${name}, an admin decided your claim for ${title}: ${decided} is charged and paid to you with your payouts.`),
          ...(note ? [t(msg`The decision: ${note}`)] : []),
        ],
      }));
    }
  }
}
