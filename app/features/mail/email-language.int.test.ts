import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "~/db/schema/auth";
import { listingTranslations } from "~/db/schema/listing-translations";
import { emailOutbox } from "~/db/schema/mail";
import type { Locale } from "~/lib/locales";
import { bookingScenario } from "../../../tests/factories/bookings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { queueVerificationEmail } from "~/features/auth/account-emails.server";
import { platformSettings, PROTECTION_PERCENT_DEFAULT } from "~/db/schema/admin";
import { feePercent } from "~/features/bookings/booking-rules.server";
import { quoteBooking } from "~/features/bookings/pricing";

/**
 * Every e-mail in its recipient's saved language (issue #31 point 2, ADR 0296): subject,
 * body, dates and money; Arabic right to left. English when none is saved. Both engines.
 */
let database: TestDatabase;
const NOW = "2026-06-01T12:00:00.000Z";

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function outboxFor(email: string) {
  return database.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).orderBy(asc(emailOutbox.createdAt));
}

async function speaks(userId: string, language: Locale) {
  await database.db.update(users).set({ preferredLanguage: language }).where(eq(users.id, userId));
}

/** A guest who speaks `language` books and pays two hours of a New York loft (its host's translations first, if any). */
async function confirmedStay(language: Locale, translations: Array<{ locale: Locale; title: string }> = []) {
  const s = await bookingScenario(database.db, { now: NOW, listing: { title: "Loft Studio" } });
  await speaks(s.guest.id, language);
  for (const { locale, title } of translations) await database.db.insert(listingTranslations).values({ spaceId: s.space.id, locale, title, description: "…" });
  const hold = await s.book(s.guest, { date: "2026-06-10", hour: 10, hours: 2 });
  await s.pay(s.guest, hold.clientSecret);
  await s.outcome(s.guest, hold.clientSecret);
  return { s, bookingId: hold.bookingId };
}

describe("e-mails in the recipient's language", () => {
  it("a guest who saved Spanish gets the booking confirmation in Spanish; the host, with none saved, in English", async () => {
    const { s } = await confirmedStay("es");
    const [guestMail] = await outboxFor(s.guest.email);
    expect(guestMail!.kind).toBe("booking_confirmed");
    expect(guestMail!.subject).toBe("Reserva confirmada: Loft Studio");
    expect(guestMail!.textBody).toContain("Tu reserva de Loft Studio está confirmada");
    expect(guestMail!.textBody).toContain("tu pago se ha realizado y el espacio es tuyo");
    // The date in Spanish, in the listing's zone (10:00 in New York); the money as Spanish writes it.
    expect(guestMail!.textBody).toMatch(/Cuándo: mié, 10 jun, 10:00 – 12:00/);
    expect(guestMail!.textBody).toMatch(/Total pagado: 110,00\s(US\$|\$)/);
    expect(guestMail!.textBody).toContain("Ver tus reservas: ");
    expect(guestMail!.htmlBody).toContain('<html lang="es" dir="ltr">');
    expect(guestMail!.textBody).not.toContain("Total paid");
    const [hostMail] = await outboxFor(s.host.email);
    expect(hostMail!.subject).toBe("New booking: Loft Studio");
    expect(hostMail!.textBody).toContain("Your earnings: $100.00");
    expect(hostMail!.htmlBody).not.toContain("lang=");
  });

  it("Protection's line keeps its rate, written as the recipient's language writes a percentage", async () => {
    await database.db.update(platformSettings).set({ protectionPercent: 1250 });
    const s = await bookingScenario(database.db, { now: NOW, listing: { title: "Van", insuranceRequired: true } });
    await speaks(s.guest.id, "es");
    const quote = quoteBooking({ unitPriceMinor: 5000, quantity: 2, feePercent: feePercent(), currency: s.space.currency, protectionBasisPoints: 1250, deliveryFeeMinor: 0 });
    const hold = await s.hold(s.guest, s.request({ date: "2026-06-10", hour: 10, hours: 2 }, { amount: quote.totalMinor, insurance: "protection" }));
    if (!hold.ok) throw new Error(hold.error);
    await s.pay(s.guest, hold.clientSecret);
    await s.outcome(s.guest, hold.clientSecret);
    const [guestMail] = await outboxFor(s.guest.email);
    expect(guestMail!.textBody).toMatch(/Protección \(12,5\s%\): /);
    await database.db.update(platformSettings).set({ protectionPercent: PROTECTION_PERCENT_DEFAULT });
  });

  it("Arabic: the subject and body in Arabic, the HTML right to left", async () => {
    const { s } = await confirmedStay("ar");
    const [mail] = await outboxFor(s.guest.email);
    expect(mail!.subject).toBe("تم تأكيد الحجز: Loft Studio");
    expect(mail!.textBody).toContain("تم تأكيد حجزك لـLoft Studio");
    expect(mail!.textBody).toContain("إجمالي المدفوع: ");
    expect(mail!.htmlBody).toContain('<html lang="ar" dir="rtl"><body dir="rtl"');
  });

  it("a cancellation reaches each side in its own language", async () => {
    const { s, bookingId } = await confirmedStay("fr");
    await speaks(s.host.id, "ja");
    const cancelled = await s.cancel(s.guest, bookingId);
    if (!cancelled.ok) throw new Error(cancelled.error);
    const guestMail = (await outboxFor(s.guest.email)).find((row) => row.kind === "booking_cancelled")!;
    expect(guestMail.subject).toBe("Réservation annulée : Loft Studio");
    expect(guestMail.textBody).toContain("Votre réservation est annulée");
    const hostMail = (await outboxFor(s.host.email)).find((row) => row.kind === "booking_cancelled")!;
    expect(hostMail.subject).toBe("予約キャンセル：Loft Studio");
    expect(hostMail.textBody).toContain("ゲストによりキャンセルされ");
  });

  it("names the listing by its host's translation into the recipient's language (issue #31 point 5, ADR 0295); the original otherwise", async () => {
    const { s, bookingId } = await confirmedStay("es", [
      { locale: "es", title: "Estudio tipo loft" },
      { locale: "fr", title: "Studio loft" },
    ]);
    const [guestMail] = await outboxFor(s.guest.email);
    expect(guestMail!.subject).toBe("Reserva confirmada: Estudio tipo loft");
    expect(guestMail!.textBody).toContain("Tu reserva de Estudio tipo loft está confirmada");
    expect(guestMail!.textBody).not.toContain("Loft Studio");
    // The host saved no language: English, and there is no English translation.
    const [hostMail] = await outboxFor(s.host.email);
    expect(hostMail!.subject).toBe("New booking: Loft Studio");
    // A cancellation: each side by its own language's title (the host now reads French).
    await speaks(s.host.id, "fr");
    const cancelled = await s.cancel(s.guest, bookingId);
    if (!cancelled.ok) throw new Error(cancelled.error);
    const guestCancel = (await outboxFor(s.guest.email)).find((row) => row.kind === "booking_cancelled")!;
    expect(guestCancel.subject).toBe("Reserva cancelada: Estudio tipo loft");
    expect(guestCancel.textBody).toContain("Estudio tipo loft");
    const hostCancel = (await outboxFor(s.host.email)).find((row) => row.kind === "booking_cancelled")!;
    expect(hostCancel.subject).toBe("Réservation annulée : Studio loft");
  });

  it("the account e-mails too: a verification link in Japanese", async () => {
    const { s } = await confirmedStay("en");
    await speaks(s.otherGuest.id, "ja");
    await queueVerificationEmail(database.db, { userId: s.otherGuest.id, to: s.otherGuest.email, token: "t0ken", change: false, now: new Date(NOW) });
    const [mail] = await outboxFor(s.otherGuest.email);
    expect(mail!.subject).toBe("Rentwellのメールアドレスを確認してください");
    expect(mail!.textBody).toContain("メールアドレスを確認する: ");
    expect(mail!.textBody).toContain("/verify-email?token=t0ken");
    // English stays exactly as it was.
    const [english] = await outboxFor(s.guest.email);
    expect(english!.subject).toBe("Booking confirmed: Loft Studio");
  });
});
