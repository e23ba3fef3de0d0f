import { runDataExports } from "~/features/account-security/data-export.server";
import { pruneAuthData } from "~/features/auth/cleanup.server";
import { sweepAllExpiredHolds } from "~/features/bookings/hold.server";
import { syncOpenPayments } from "~/features/bookings/confirmation.server";
import { runIcalImport } from "~/features/calendar-sync/calendar-sync.server";
import { runProviderCalls } from "~/features/bookings/provider-calls.server";
import { runDepositSweeps } from "~/features/bookings/deposits.server";
import { sendDueEmails } from "~/features/mail/outbox.server";
import { queueReviewRequests, queueReviewsPublishedEmails } from "~/features/mail/review-requests.server";
import { countPublishedReviews } from "~/features/reviews/reviews.server";
import { sweepIdentityPhotos } from "~/features/identity/identity.server";
import { privateStorage } from "~/features/identity/private-storage.server";
import { sweepOrphanedMedia } from "~/features/media/orphans.server";
import { mediaStorage } from "~/features/media/storage.server";
import { runPayouts } from "~/features/payouts/payouts.server";
import { refreshExchangeRates } from "~/features/currency/exchange-rates.server";
import { runSearchAlerts } from "~/features/wishlists/saved-searches.server";
import type { Db } from "~/lib/db.server";

/**
 * Every background job, in one list (ADR 0095). The server schedules each one
 * (server/app.ts: once at a time across workers, app/lib/jobs.server.ts), and in test
 * mode POST /__test/jobs/{name} runs one at the request's clock. A job takes `now`
 * and must be safe to run again at any moment: a run that dies half-way is finished
 * by the next.
 */
export type BackgroundJob = {
  name: string;
  intervalMs: number;
  run: (db: Db, now: Date) => Promise<unknown>;
  /**
   * The same run limited to one listing's rows. A browser journey that runs a job at its
   * own later clock (POST /__test/jobs/{name}?spaceId=…, ADR 0095) must not act on the
   * rows of the journeys running beside it at the real time: a sweep a day ahead would
   * end their checkouts, a payout run would complete their upcoming bookings.
   */
  runFor?: (db: Db, now: Date, only: { spaceId: string }) => Promise<unknown>;
};

export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  // Expired or long-revoked sessions and day-old rate-limit events are deleted (ADRs 0010, 0011).
  { name: "auth-cleanup", intervalMs: 60 * 60_000, run: (db, now) => pruneAuthData(db, now) },
  // Uploads never attached to a listing are deleted after a day (ADR 0051).
  { name: "media-sweep", intervalMs: 60 * 60_000, run: (db) => sweepOrphanedMedia(db, mediaStorage()) },
  // Lapsed 15-minute booking holds are released every minute; booking requests also
  // sweep their own range first (ADR 0104).
  {
    name: "hold-sweep",
    intervalMs: 60_000,
    run: (db, now) => sweepAllExpiredHolds(db, now),
    runFor: (db, now, only) => sweepAllExpiredHolds(db, now, only),
  },
  // Recorded provider calls (payment intents, cancellations, refunds) that no request
  // finished are made, failures retried with back-off; payments a crash or a lost webhook
  // left undecided are settled (issue #25, ADR 0200).
  {
    name: "provider-calls",
    intervalMs: 15_000,
    run: async (db, now) => ({ calls: await runProviderCalls(db, now), settled: await syncOpenPayments(db, now) }),
  },
  // Security deposits (issue #28 point 2, ADR 0283): authorised 2 days before the start with the
  // saved card, released DEPOSIT_RELEASE_DAYS after the end (or at a cancellation) without a claim;
  // claims unanswered for 72 hours are accepted and captured.
  { name: "deposits", intervalMs: 60_000, run: (db, now) => runDepositSweeps(db, now) },
  // Past bookings become completed; released payouts go to complete payout accounts,
  // failed ones are retried with back-off (ADR 0121).
  { name: "payouts", intervalMs: 60_000, run: (db, now) => runPayouts(db, now), runFor: (db, now, only) => runPayouts(db, now, { only }) },
  // Queued e-mails are sent (SMTP or .eml files), failures retried with back-off (ADR 0170).
  { name: "mail-outbox", intervalMs: 15_000, run: (db, now) => sendDueEmails(db, now) },
  // Guests and hosts whose stay ended get one e-mail each inviting a review (ADR 0171, 0272).
  { name: "review-requests", intervalMs: 15 * 60_000, run: (db, now) => queueReviewRequests(db, now) },
  // Guest reviews published by their window's end join their listing's rating and count
  // (ADR 0272; the reviews themselves are shown from that moment without this job); each
  // side of a booking whose reviews became public gets one e-mail saying so (ADR 0288).
  {
    name: "review-publishing",
    intervalMs: 5 * 60_000,
    run: async (db, now) => ({ ...(await countPublishedReviews(db, now)), emails: (await queueReviewsPublishedEmails(db, now)).queued }),
  },
  // Imported calendars (issue #26 point 6, ADR 0203): each feed is fetched 30 minutes after
  // its last fetch; the job looks for due feeds every 5 minutes and claims them (a lease,
  // SKIP LOCKED), so a feed is fetched by one worker at a time.
  { name: "ical-import", intervalMs: 5 * 60_000, run: (db, now) => runIcalImport(db, now) },
  // Saved search alerts (issue #27 point 6, ADR 0231): listings published or freed by a
  // cancellation are checked against the saved searches; at most one e-mail a day per search.
  { name: "search-alerts", intervalMs: 60_000, run: (db, now) => runSearchAlerts(db, now) },
  // Private identity photos (issue #29 point 3, ADR 0251): deleted once their verification is
  // decided (a deletion the decision could not make), a day after an upload never submitted,
  // and 30 days after any upload.
  { name: "identity-photos", intervalMs: 60 * 60_000, run: (db, now) => sweepIdentityPhotos(db, privateStorage(), now) },
  // 'Download my data' (issue #29 point 5, ADR 0247): requested exports are built and their
  // link e-mailed; an export's content is dropped 24 hours after it was ready.
  { name: "data-exports", intervalMs: 60_000, run: (db, now) => runDataExports(db, now) },
  // Exchange rates for the guest's display currency (issue #31 point 4, ADR 0292): EXCHANGE_RATES_URL
  // (an ECB-format XML file) fetched every 6 hours, outside any transaction; nothing to do without it
  // (the bundled dated file is stored at start). A failed fetch or a bad file keeps the stored rates.
  { name: "exchange-rates", intervalMs: 6 * 60 * 60_000, run: (db, now) => refreshExchangeRates(db, now) },
];

export function backgroundJob(name: string): BackgroundJob | undefined {
  return BACKGROUND_JOBS.find((job) => job.name === name);
}
