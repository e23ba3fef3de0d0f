import { msg } from "@lingui/core/macro";
import { and, eq, gt, inArray, isNull, lte, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { users } from "~/db/schema/auth";
import { bookings } from "~/db/schema/bookings";
import { spaces } from "~/db/schema/listings";
import { emailOutbox, emailPreferences } from "~/db/schema/mail";
import { profiles } from "~/db/schema/profiles";
import { guestReviews, reviews } from "~/db/schema/reviews";
import { REVIEW_WINDOW_MS, reviewDateText, reviewDeadline } from "~/features/reviews/review-rules";
import type { ReviewRole } from "~/features/reviews/reviews.server";
import type { Db, Tx } from "~/lib/db.server";
import { formatDate } from "~/lib/dates";
import { DEFAULT_LOCALE, isLocale } from "~/lib/locales";
import { absoluteUrl } from "./booking-emails.server";
import { listingTitleIn, mailLanguage, type MailLanguage } from "./mail-i18n.server";
import { queueEmail } from "./outbox.server";
import { renderEmail } from "./render";

const BATCH = 100;

/** A name, or null when the profile has none. */
const named = (name: string | null | undefined) => name?.trim() || null;

/** Each e-mail in its recipient's language (ADR 0296), read with the row that asks for it. */
const languageOf = (language: string | null) => mailLanguage(isLocale(language) ? language : DEFAULT_LOCALE);

/** 'Hi there' without a name. */
const greet = (lang: MailLanguage, name: string | null | undefined) =>
  named(name) ?? lang.t(msg({ message: "there", comment: "Greeting without a name: 'Hi {name},' becomes 'Hi there,'" }));

/** The last day to write a review: "14 March 2026" in English, the recipient's own way otherwise. */
const dayText = (lang: MailLanguage, date: Date) =>
  lang.locale === DEFAULT_LOCALE ? reviewDateText(date) : formatDate(date, lang.locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const FOOTER = msg`You can turn off review requests in the notification settings of your profile.`;

/**
 * The `review-requests` job: once a stay has ended (and was not cancelled), its guest
 * gets one e-mail inviting a review of the listing, and its host one inviting a review
 * of the guest (issue #28 point 5, ADR 0272), while the 14-day window is open and that
 * side has not written theirs. The outbox's dedupe keys make each request once, however
 * often the job runs.
 */
export async function queueReviewRequests(db: Db, now: Date): Promise<{ queued: number }> {
  const requested = (await queueGuestRequests(db, now)) + (await queueHostRequests(db, now));
  return { queued: requested + (await queueTimedReminders(db, now, "guest")) + (await queueTimedReminders(db, now, "host")) };
}

/** How long after the stay a side that has written nothing is reminded, once (ADR 0288). */
export const REVIEW_NUDGE_AFTER_MS = 3 * 24 * 3_600_000;

const openWindow = (now: Date) =>
  and(inArray(bookings.status, ["confirmed", "completed"]), lte(bookings.endTime, now), gt(bookings.endTime, new Date(now.getTime() - REVIEW_WINDOW_MS)));

// Users who turned review requests off are not picked again and again.
const wantsRequests = sql`not (coalesce(${emailPreferences.disabledKinds}, '{}') @> array['review_request'])`;

/** No e-mail with this dedupe key was ever queued. */
const notQueued = (key: SQL) => sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = ${key})`;

async function queueGuestRequests(db: Db, now: Date): Promise<number> {
  const dedupe = sql<string>`'review-request:' || ${bookings.id}::text`;
  const due = await db
    .select({ bookingId: bookings.id, guestId: bookings.userId, email: users.email, language: users.preferredLanguage, name: profiles.fullName, spaceId: spaces.id, title: spaces.title, endTime: bookings.endTime })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(profiles, eq(profiles.id, bookings.userId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .leftJoin(emailOutbox, eq(emailOutbox.dedupeKey, dedupe))
    .leftJoin(emailPreferences, eq(emailPreferences.userId, bookings.userId))
    .where(and(openWindow(now), isNull(reviews.id), isNull(emailOutbox.id), wantsRequests, sql`${spaces.userId} <> ${bookings.userId}`))
    .limit(BATCH);
  let queued = 0;
  for (const row of due) {
    const lang = await languageOf(row.language);
    const { t } = lang;
    const title = await listingTitleIn(db, { id: row.spaceId, title: row.title }, lang.locale);
    const name = greet(lang, row.name);
    const until = dayText(lang, reviewDeadline(row.endTime));
    const mail = renderEmail({
      subject: t(msg`How was ${title}?`),
      heading: t(msg`How was your stay at ${title}?`),
      paragraphs: [
        t(msg`Hi ${name}, thank you for booking with Rentwell. Your review helps other guests choose and helps the host improve.`),
        t(msg`You can write it from My Bookings until ${until}. The host reviews you too; neither review is shown until both are written or that day has passed.`),
      ],
      action: { label: t(msg`Write a review`), url: absoluteUrl("/my-bookings") },
      footer: t(FOOTER),
      locale: lang.locale,
    });
    const result = await queueEmail(db, { ...mail, kind: "review_request", to: row.email, userId: row.guestId, dedupeKey: `review-request:${row.bookingId}`, now });
    if (result.queued) queued += 1;
  }
  return queued;
}

const guestProfile = alias(profiles, "guest_profile");

async function queueHostRequests(db: Db, now: Date): Promise<number> {
  const dedupe = sql<string>`'review-request-host:' || ${bookings.id}::text`;
  const due = await db
    .select({
      bookingId: bookings.id,
      hostId: spaces.userId,
      email: users.email,
      language: users.preferredLanguage,
      name: profiles.fullName,
      guestName: guestProfile.fullName,
      spaceId: spaces.id, title: spaces.title,
      endTime: bookings.endTime,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, spaces.userId))
    .leftJoin(profiles, eq(profiles.id, spaces.userId))
    .leftJoin(guestProfile, eq(guestProfile.id, bookings.userId))
    .leftJoin(guestReviews, eq(guestReviews.bookingId, bookings.id))
    .leftJoin(emailOutbox, eq(emailOutbox.dedupeKey, dedupe))
    .leftJoin(emailPreferences, eq(emailPreferences.userId, spaces.userId))
    .where(and(openWindow(now), isNull(guestReviews.id), isNull(emailOutbox.id), wantsRequests, sql`${spaces.userId} <> ${bookings.userId}`))
    .limit(BATCH);
  let queued = 0;
  for (const row of due) {
    const lang = await languageOf(row.language);
    const { t } = lang;
    const title = await listingTitleIn(db, { id: row.spaceId, title: row.title }, lang.locale);
    const guest = named(row.guestName);
    const name = greet(lang, row.name);
    const until = dayText(lang, reviewDeadline(row.endTime));
    const mail = renderEmail({
      subject: guest ? t(msg`How was ${guest} as a guest?`) : t(msg`How was your guest?`),
      heading: guest ? t(msg`How was ${guest} at ${title}?`) : t(msg`How was your guest at ${title}?`),
      paragraphs: [
        t(msg`Hi ${name}, your guest's stay has ended. Your review is shown on their profile and helps other hosts.`),
        t(msg`You can write it from your dashboard until ${until}. Neither your review nor your guest's is shown until both are written or that day has passed.`),
      ],
      action: { label: t(msg`Review your guest`), url: absoluteUrl("/dashboard") },
      footer: t(FOOTER),
      locale: lang.locale,
    });
    const result = await queueEmail(db, { ...mail, kind: "review_request", to: row.email, userId: row.hostId, dedupeKey: `review-request-host:${row.bookingId}`, now });
    if (result.queued) queued += 1;
  }
  return queued;
}

/**
 * Queued with a review, in its transaction (ADR 0272): the other side of the booking is
 * told that theirs is awaited. Once per side per booking (the dedupe key).
 */
export async function queueReviewReminder(tx: Tx, input: { bookingId: string; to: "guest" | "host"; deadline: Date; now: Date }): Promise<void> {
  const recipient = input.to === "guest" ? bookings.userId : spaces.userId;
  const other = input.to === "guest" ? spaces.userId : bookings.userId;
  const otherProfile = alias(profiles, "other_profile");
  const [row] = await tx
    .select({ userId: users.id, email: users.email, language: users.preferredLanguage, name: profiles.fullName, otherName: otherProfile.fullName, spaceId: spaces.id, title: spaces.title })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, recipient))
    .leftJoin(profiles, eq(profiles.id, recipient))
    .leftJoin(otherProfile, eq(otherProfile.id, other))
    .where(eq(bookings.id, input.bookingId));
  if (!row) return;
  const lang = await languageOf(row.language);
  const { t } = lang;
  const until = dayText(lang, input.deadline);
  const title = await listingTitleIn(tx, { id: row.spaceId, title: row.title }, lang.locale);
  const name = greet(lang, row.name);
  const otherName = named(row.otherName);
  const mail =
    input.to === "guest"
      ? renderEmail({
          subject: t(msg`Your host has reviewed your stay at ${title}`),
          heading: t(msg`Your host has written their review`),
          paragraphs: [
            otherName
              ? t(msg`Hi ${name}, ${otherName} has reviewed your stay at ${title}. You will see it once you have written yours, or on ${until}.`)
              : t(msg`Hi ${name}, your host has reviewed your stay at ${title}. You will see it once you have written yours, or on ${until}.`),
            t(msg`Write your review of ${title} from My Bookings by ${until}.`),
          ],
          action: { label: t(msg`Write a review`), url: absoluteUrl("/my-bookings") },
          footer: t(FOOTER),
          locale: lang.locale,
        })
      : renderEmail({
          subject: t(msg`Your guest has reviewed ${title}`),
          heading: t(msg`Your guest has written their review`),
          paragraphs: [
            otherName
              ? t(msg`Hi ${name}, ${otherName} has reviewed ${title}. It will be shown once you have reviewed them, or on ${until}.`)
              : t(msg`Hi ${name}, your guest has reviewed ${title}. It will be shown once you have reviewed them, or on ${until}.`),
            t(msg`Review your guest from your dashboard by ${until}.`),
          ],
          action: { label: t(msg`Review your guest`), url: absoluteUrl("/dashboard") },
          footer: t(FOOTER),
          locale: lang.locale,
        });
  await queueEmail(tx, { ...mail, kind: "review_request", to: row.email, userId: row.userId, dedupeKey: `review-reminder:${input.to}:${input.bookingId}`, now: input.now });
}

/**
 * The `review-requests` job's second pass (issue #28 point 5, ADR 0288): a side that has
 * not written 3 days after the stay, while the window is open, is reminded once
 * (`review-nudge:<side>:<booking>`) with the last day to write — unless it was already
 * reminded because the other side wrote (`review-reminder:<side>:<booking>`).
 */
async function queueTimedReminders(db: Db, now: Date, side: ReviewRole): Promise<number> {
  const recipient = side === "guest" ? bookings.userId : spaces.userId;
  const otherId = side === "guest" ? spaces.userId : bookings.userId;
  const otherProfile = alias(profiles, "other_profile");
  const nudgeKey = sql`${`review-nudge:${side}:`} || ${bookings.id}::text`;
  const reminderKey = sql`${`review-reminder:${side}:`} || ${bookings.id}::text`;
  const written =
    side === "guest"
      ? sql`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookings.id})`
      : sql`exists (select 1 from ${guestReviews} where ${guestReviews.bookingId} = ${bookings.id})`;
  const due = await db
    .select({
      bookingId: bookings.id,
      userId: users.id,
      email: users.email,
      language: users.preferredLanguage,
      name: profiles.fullName,
      otherName: otherProfile.fullName,
      spaceId: spaces.id, title: spaces.title,
      endTime: bookings.endTime,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(users, eq(users.id, recipient))
    .leftJoin(profiles, eq(profiles.id, recipient))
    .leftJoin(otherProfile, eq(otherProfile.id, otherId))
    .leftJoin(emailPreferences, eq(emailPreferences.userId, recipient))
    .where(
      and(
        openWindow(now),
        lte(bookings.endTime, new Date(now.getTime() - REVIEW_NUDGE_AFTER_MS)),
        sql`not ${written}`,
        notQueued(nudgeKey),
        notQueued(reminderKey),
        wantsRequests,
        sql`${spaces.userId} <> ${bookings.userId}`,
      ),
    )
    .limit(BATCH);
  let queued = 0;
  for (const row of due) {
    const lang = await languageOf(row.language);
    const { t } = lang;
    const until = dayText(lang, reviewDeadline(row.endTime));
    const title = await listingTitleIn(db, { id: row.spaceId, title: row.title }, lang.locale);
    const name = greet(lang, row.name);
    const guest = named(row.otherName);
    const mail =
      side === "guest"
        ? renderEmail({
            subject: t(msg`There is still time to review ${title}`),
            heading: t(msg`How was ${title}?`),
            paragraphs: [
              t(msg`Hi ${name}, you have not reviewed your stay at ${title} yet. Your review helps other guests choose and helps the host improve.`),
              t(msg`You can write it from My Bookings until ${until}. After that day no review of this stay can be written.`),
            ],
            action: { label: t(msg`Write a review`), url: absoluteUrl("/my-bookings") },
            footer: t(FOOTER),
            locale: lang.locale,
          })
        : renderEmail({
            subject: guest ? t(msg`There is still time to review ${guest}`) : t(msg`There is still time to review your guest`),
            heading: guest ? t(msg`How was ${guest} at ${title}?`) : t(msg`How was your guest at ${title}?`),
            paragraphs: [
              guest
                ? t(msg`Hi ${name}, you have not reviewed ${guest} yet. Your review is shown on their profile and helps other hosts.`)
                : t(msg`Hi ${name}, you have not reviewed your guest yet. Your review is shown on their profile and helps other hosts.`),
              t(msg`You can write it from your dashboard until ${until}. After that day no review of this stay can be written.`),
            ],
            action: { label: t(msg`Review your guest`), url: absoluteUrl("/dashboard") },
            footer: t(FOOTER),
            locale: lang.locale,
          });
    const result = await queueEmail(db, { ...mail, kind: "review_request", to: row.email, userId: row.userId, dedupeKey: `review-nudge:${side}:${row.bookingId}`, now });
    if (result.queued) queued += 1;
  }
  return queued;
}

/** How far back the `review-publishing` job looks for reviews that became public (a late run still catches up). */
export const PUBLISHED_MAIL_LOOKBACK_MS = 3 * 24 * 3_600_000;

const PUBLISHED_FOOTER = msg`You can turn off these e-mails in the notification settings of your profile.`;

/**
 * 'Your review of … is now public' / '… reviewed you' (issue #28 point 5, ADR 0288): when
 * a booking's reviews become visible — both written, or the 14 days passed — each side
 * gets one e-mail (`review-public:<side>:<booking>`) saying what is now shown: theirs, the
 * one about them, or both. Run by the `review-publishing` job, so both ways of publishing
 * are caught the same way, within its interval; kind `review_published`, which the user
 * can turn off. Reviews an admin hid are not announced.
 */
export async function queueReviewsPublishedEmails(db: Db, now: Date): Promise<{ queued: number }> {
  const since = new Date(now.getTime() - PUBLISHED_MAIL_LOOKBACK_MS);
  const guestProfileAlias = alias(profiles, "guest_profile");
  const hostProfile = alias(profiles, "host_profile");
  const guestUser = alias(users, "guest_user");
  const hostUser = alias(users, "host_user");
  const unsent = (side: ReviewRole, userId: SQL | typeof bookings.userId | typeof spaces.userId) =>
    sql`(${notQueued(sql`${`review-public:${side}:`} || ${bookings.id}::text`)} and not exists (
      select 1 from ${emailPreferences} where ${emailPreferences.userId} = ${userId} and ${emailPreferences.disabledKinds} @> array['review_published']))`;
  const due = await db
    .select({
      bookingId: bookings.id,
      spaceId: spaces.id, title: spaces.title,
      guestId: bookings.userId,
      guestEmail: guestUser.email,
      guestLanguage: guestUser.preferredLanguage,
      guestName: guestProfileAlias.fullName,
      hostId: spaces.userId,
      hostEmail: hostUser.email,
      hostLanguage: hostUser.preferredLanguage,
      hostName: hostProfile.fullName,
      guestWrote: sql<boolean>`${reviews.id} is not null`,
      hostWrote: sql<boolean>`${guestReviews.id} is not null`,
    })
    .from(bookings)
    .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
    .innerJoin(guestUser, eq(guestUser.id, bookings.userId))
    .innerJoin(hostUser, eq(hostUser.id, spaces.userId))
    .leftJoin(guestProfileAlias, eq(guestProfileAlias.id, bookings.userId))
    .leftJoin(hostProfile, eq(hostProfile.id, spaces.userId))
    .leftJoin(reviews, and(eq(reviews.bookingId, bookings.id), lte(reviews.publishedAt, now)))
    .leftJoin(guestReviews, and(eq(guestReviews.bookingId, bookings.id), lte(guestReviews.publishedAt, now), isNull(guestReviews.hiddenAt)))
    .where(
      and(
        // Bookings with a review published within the look-back (each side's index on published_at).
        sql`${bookings.id} in (
          select ${reviews.bookingId} from ${reviews} where ${reviews.publishedAt} > ${since.toISOString()}::timestamptz and ${reviews.publishedAt} <= ${now.toISOString()}::timestamptz
          union
          select ${guestReviews.bookingId} from ${guestReviews} where ${guestReviews.publishedAt} > ${since.toISOString()}::timestamptz and ${guestReviews.publishedAt} <= ${now.toISOString()}::timestamptz and ${guestReviews.hiddenAt} is null)`,
        sql`(${unsent("guest", bookings.userId)} or ${unsent("host", spaces.userId)})`,
      ),
    )
    .limit(BATCH);
  let queued = 0;
  for (const row of due) {
    // The listing's title in each side's language: the host's translation when there is one (ADR 0295).
    const titleIn = (lang: MailLanguage) => listingTitleIn(db, { id: row.spaceId, title: row.title }, lang.locale);
    const guest = named(row.guestName);
    const host = named(row.hostName);
    const guestMail = await (async () => {
      const lang = await languageOf(row.guestLanguage);
      const { t } = lang;
      const title = await titleIn(lang);
      const name = greet(lang, row.guestName);
      return row.guestWrote
        ? renderEmail({
            subject: t(msg`Your review of ${title} is now public`),
            heading: t(msg`Your review is now public`),
            paragraphs: [
              t(msg`Hi ${name}, your review of ${title} is now shown on the listing.`),
              ...(row.hostWrote
                ? [host ? t(msg`${host} reviewed you too: their review is now on your profile.`) : t(msg`Your host reviewed you too: their review is now on your profile.`)]
                : []),
            ],
            action: row.hostWrote
              ? { label: t(msg`See your profile`), url: absoluteUrl(`/hosts/${row.guestId}`) }
              : { label: t(msg`See My Bookings`), url: absoluteUrl("/my-bookings") },
            footer: t(PUBLISHED_FOOTER),
            locale: lang.locale,
          })
        : renderEmail({
            subject: host ? t(msg`${host} reviewed you`) : t(msg`Your host reviewed you`),
            heading: host ? t(msg`${host} reviewed your stay at ${title}`) : t(msg`Your host reviewed your stay at ${title}`),
            paragraphs: [t(msg`Hi ${name}, the host's review of you is now shown on your profile.`)],
            action: { label: t(msg`See your profile`), url: absoluteUrl(`/hosts/${row.guestId}`) },
            footer: t(PUBLISHED_FOOTER),
            locale: lang.locale,
          });
    })();
    const hostMail = await (async () => {
      const lang = await languageOf(row.hostLanguage);
      const { t } = lang;
      const title = await titleIn(lang);
      const name = greet(lang, row.hostName);
      const guestCalled = guest ?? t(msg`your guest`);
      return row.hostWrote
        ? renderEmail({
            subject: t(msg`Your review of ${guestCalled} is now public`),
            heading: t(msg`Your review is now public`),
            paragraphs: [
              t(msg`Hi ${name}, your review of ${guestCalled} after their stay at ${title} is now shown on their profile.`),
              row.guestWrote
                ? guest
                  ? t(msg`${guest} reviewed ${title} too: their review is now shown on the listing.`)
                  : t(msg`Your guest reviewed ${title} too: their review is now shown on the listing.`)
                : t(msg`Your guest did not review this stay.`),
            ],
            action: { label: t(msg`See your dashboard`), url: absoluteUrl("/dashboard") },
            footer: t(PUBLISHED_FOOTER),
            locale: lang.locale,
          })
        : renderEmail({
            subject: guest ? t(msg`${guest} reviewed ${title}`) : t(msg`Your guest reviewed ${title}`),
            heading: guest ? t(msg`${guest} reviewed ${title}`) : t(msg`Your guest reviewed ${title}`),
            paragraphs: [t(msg`Hi ${name}, the review is now shown on the listing and counts for its rating.`)],
            action: { label: t(msg`See your dashboard`), url: absoluteUrl("/dashboard") },
            footer: t(PUBLISHED_FOOTER),
            locale: lang.locale,
          });
    })();
    // A hidden host review with no guest review: nothing to announce to either side.
    if (!row.guestWrote && !row.hostWrote) continue;
    for (const [side, userId, to, mail] of [
      ["guest", row.guestId, row.guestEmail, guestMail],
      ["host", row.hostId, row.hostEmail, hostMail],
    ] as const) {
      const result = await queueEmail(db, { ...mail, kind: "review_published", to, userId, dedupeKey: `review-public:${side}:${row.bookingId}`, now });
      if (result.queued) queued += 1;
    }
  }
  return { queued };
}
