import { beforeAll, describe, expect, it } from "vitest";
import { i18nFor, loadAllCatalogs, translate } from "~/features/i18n/i18n";
import type { Translate } from "~/features/i18n/translate";
import type { Locale } from "~/lib/locales";
import { BOOKING_MESSAGES, durationProblem, unitNotOffered } from "./booking-rules.server";
import { expiresMessage, priceLineMessage } from "./booking-texts";
import { claimTooHigh } from "./deposit-rules";
import { priceLines } from "./price-lines";
import { basisPointsText, REQUIREMENT_TEXT } from "./requirements";
import { expiresInText } from "./request-rules";
import { IDENTITY_TEXT } from "~/features/identity/identity-text";
import { HANDOVER_TEXT } from "~/features/handovers/handover-rules";

/**
 * The booking flow's messages with values in the request's language (issue #31): the server's
 * refusals (seats and units left, the duration's limits, a unit not offered, the age, a claim
 * over the deposit) and the texts the pages compose (the request's countdown, Protection's
 * rate). English stays the product's text, byte for byte.
 */
const SEATS = { one: "seat", many: "seats" };
const UNITS = { one: "unit", many: "units" };
const LISTING = { minRentalDuration: 1, maxRentalDuration: 24 };
let es: Translate;
let ar: Translate;
let fr: Translate;
let ja: Translate;

const translator = (locale: Locale): Translate => {
  const i18n = i18nFor(locale);
  return (text) => translate(i18n, text);
};

beforeAll(async () => {
  await Promise.all((["es", "ar", "fr", "ja"] as const).map((locale) => loadAllCatalogs(locale)));
  es = translator("es");
  ar = translator("ar");
  fr = translator("fr");
  ja = translator("ja");
});

describe("the hold's refusals with values", () => {
  it("keep the English of before", () => {
    expect(BOOKING_MESSAGES.tooManyUnits(3, UNITS)).toBe("This listing has 3 units at one time");
    expect(BOOKING_MESSAGES.tooManyUnits(1, SEATS)).toBe("This listing has 1 seat at one time");
    expect(BOOKING_MESSAGES.noUnitsLeft(SEATS)).toBe("No seats are left at this time — please pick another time");
    expect(BOOKING_MESSAGES.unitsLeft(2, UNITS)).toBe("Only 2 units left at this time — please book fewer or pick another time");
    expect(BOOKING_MESSAGES.unitsLeft(1, SEATS)).toBe("Only 1 seat left at this time — please book fewer or pick another time");
    expect(durationProblem("hour", 30, LISTING)).toBe("Duration must be between 1 and 24 hours");
    expect(durationProblem("day", 5, { minRentalDuration: 48, maxRentalDuration: 72 })).toBe("Duration must be between 2 and 3 days");
    expect(durationProblem("week", 1, { minRentalDuration: 1, maxRentalDuration: 2 })).toBe("This listing cannot be booked by the week");
    expect(unitNotOffered("day")).toBe("This listing does not offer daily pricing");
    expect(unitNotOffered("hour")).toBe("This listing does not offer hourly pricing");
  });

  it("say seats and units with each language's plural", () => {
    expect(BOOKING_MESSAGES.tooManyUnits(3, UNITS, es)).toBe("Este anuncio tiene 3 unidades a la vez");
    expect(BOOKING_MESSAGES.unitsLeft(1, SEATS, es)).toBe("Solo queda 1 plaza en este horario: reserva menos o elige otro");
    expect(BOOKING_MESSAGES.unitsLeft(2, SEATS, es)).toBe("Solo quedan 2 plazas en este horario: reserva menos o elige otro");
    expect(BOOKING_MESSAGES.noUnitsLeft(UNITS, es)).toBe("No quedan unidades en este horario: elige otro");
    expect(BOOKING_MESSAGES.unitsLeft(2, SEATS, ar)).toBe("لم يتبقَّ سوى مقعدين في هذا الموعد — يُرجى حجز عدد أقل أو اختيار موعد آخر");
    expect(BOOKING_MESSAGES.unitsLeft(3, SEATS, ar)).toBe("لم يتبقَّ سوى 3 مقاعد في هذا الموعد — يُرجى حجز عدد أقل أو اختيار موعد آخر");
    expect(BOOKING_MESSAGES.tooManyUnits(1, UNITS, ar)).toBe("يتوفر في هذا الإعلان وحدة واحدة في الوقت نفسه");
    expect(BOOKING_MESSAGES.tooManyUnits(12, SEATS, ar)).toBe("يتوفر في هذا الإعلان 12 مقعدًا في الوقت نفسه");
    expect(BOOKING_MESSAGES.unitsLeft(2, UNITS, fr)).toBe("Il ne reste que 2 unités sur ce créneau — veuillez en réserver moins ou choisir un autre créneau");
    expect(BOOKING_MESSAGES.tooManyUnits(4, SEATS, ja)).toBe("この掲載で同時に予約できるのは4席です");
  });

  it("say the duration's limits and a unit not offered as whole sentences", () => {
    expect(durationProblem("hour", 30, LISTING, es)).toBe("La duración debe estar entre 1 y 24 horas");
    expect(durationProblem("hour", 30, LISTING, ar)).toBe("يجب أن تتراوح المدة بين 1 و24 ساعة");
    expect(durationProblem("day", 5, { minRentalDuration: 48, maxRentalDuration: 72 }, ar)).toBe("يجب أن تتراوح المدة بين 2 و3 أيام");
    expect(durationProblem("month", 5, { minRentalDuration: 1, maxRentalDuration: 720 }, es)).toBe("La duración debe estar entre 1 y 1 mes");
    expect(durationProblem("week", 1, { minRentalDuration: 1, maxRentalDuration: 2 }, es)).toBe("Este anuncio no se puede reservar por semanas");
    expect(durationProblem("week", 1, { minRentalDuration: 1, maxRentalDuration: 2 }, ar)).toBe("لا يمكن حجز هذا الإعلان بالأسبوع");
    expect(unitNotOffered("day", es)).toBe("Este anuncio no ofrece precio por día");
    expect(unitNotOffered("month", ar)).toBe("لا يقدّم هذا الإعلان تسعيرًا شهريًا");
    expect(unitNotOffered("hour", fr)).toBe("Cette annonce ne propose pas de tarif à l’heure");
  });
});

describe("checkout's requirements", () => {
  it("refuse an age with its value, and write a rate in the page's locale", () => {
    expect(REQUIREMENT_TEXT.errors.underAge(25)).toBe("You must be at least 25 to book this listing.");
    expect(REQUIREMENT_TEXT.errors.underAge(25, es)).toBe("Debes tener al menos 25 años para reservar este anuncio.");
    expect(REQUIREMENT_TEXT.errors.underAge(21, ar)).toBe("يجب ألا يقل عمرك عن 21 عامًا لحجز هذا الإعلان.");
    expect(es(REQUIREMENT_TEXT.dateOfBirthHint(21))).toBe("Debes tener al menos 21 años el día en que empieza la reserva.");
    expect(basisPointsText(1250)).toBe("12.5%");
    expect(basisPointsText(800, "en")).toBe("8%");
    expect(basisPointsText(1250, "es")).toBe("12,5\u00a0%");
    expect(basisPointsText(800, "ar")).toMatch(/^\u200e?8\u200e?%\u200e?$|^8٪?%?$/);
    expect(ar(REQUIREMENT_TEXT.protectionHint(basisPointsText(800, "ar")))).toContain("الحماية تعادل");
    expect(ar(REQUIREMENT_TEXT.waiverTextHint("ar"))).toBe("ما يجب أن يقبله الضيوف قبل الحجز (حتى 10,000 حرف).");
    expect(es(REQUIREMENT_TEXT.waiverTextHint("es"))).toBe("Lo que los huéspedes deben aceptar antes de reservar (hasta 10.000 caracteres).");
  });
});

describe("deposits, price lines and a request's countdown", () => {
  it("name the deposit in the page's money format", () => {
    expect(claimTooHigh(50_000, "USD")).toBe("The claim can't be more than the deposit ($500.00).");
    expect(claimTooHigh(50_000, "USD", es, "es")).toBe("La reclamación no puede superar el depósito (500,00\u00a0US$).");
    expect(claimTooHigh(50_000, "USD", ar, "ar")).toContain("لا يمكن أن تتجاوز المطالبة مبلغ التأمين (");
    expect(claimTooHigh(50_000, "USD", ar, "ar")).toContain("500.00");
  });

  it("say Protection's rate in the page's language", () => {
    const [, , protection] = priceLines({ rental: 10_000, fee: 1_000, protection: { basisPoints: 1250, amount: 1_250 }, delivery: 0 });
    expect(protection!.label).toBe("Protection (12.5%)");
    expect(es(priceLineMessage(protection!, "es"))).toBe("Protección (12,5\u00a0%)");
    expect(fr(priceLineMessage(protection!, "fr"))).toBe("Protection (12,5\u00a0%)");
    expect(translator("en")(priceLineMessage(protection!))).toBe("Protection (12.5%)");
  });

  it("count a request down with each part in its language's plural", () => {
    const now = new Date("2026-06-01T10:00:00Z");
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    const en = translator("en");
    for (const minutes of [1, 59, 60, 61, 1440, 1441, 1500, 2 * 1440 + 3 * 60 + 10]) expect(en(expiresMessage(at(minutes), now))).toBe(expiresInText(at(minutes), now));
    expect(es(expiresMessage(at(2 * 1440 + 3 * 60 + 10), now))).toBe("Caduca en 2 días 3 h 10 min");
    expect(es(expiresMessage(at(1440 + 5), now))).toBe("Caduca en 1 día 5 min");
    expect(ar(expiresMessage(at(2 * 1440 + 3 * 60 + 10), now))).toBe("تنتهي صلاحيته خلال يومين و3 ساعات و10 دقائق");
    expect(ar(expiresMessage(at(60), now))).toBe("تنتهي صلاحيته خلال ساعة واحدة");
    expect(ja(expiresMessage(at(3 * 60 + 1), now))).toBe("残り3時間1分");
    expect(fr(expiresMessage(at(-1), now))).toBe("Expirée");
  });
});

describe("texts that travel as strings with a limit written out", () => {
  it("read in Spanish and Arabic where they are shown", () => {
    expect(es(IDENTITY_TEXT.admin.reasonTooLong)).toBe("El motivo debe tener menos de 500 caracteres.");
    expect(ar(IDENTITY_TEXT.admin.reasonTooLong)).toBe("اجعل السبب أقل من 500 حرف.");
    expect(es(HANDOVER_TEXT.errors.noteTooLong)).toBe("La nota debe tener menos de 2000 caracteres.");
    expect(ar(HANDOVER_TEXT.errors.conditionTooLong)).toBe("اجعل وصف الحالة أقل من 1000 حرف.");
    expect(ar(HANDOVER_TEXT.errors.twice.check_out)).toBe("لقد أضفت التسليم بالفعل، ولا يمكن تغييره.");
  });
});
