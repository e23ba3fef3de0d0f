import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { translate } from "~/features/i18n/i18n";
import { english } from "~/features/i18n/translate";
import { messages as arabic } from "~/locales/ar/hosting.po";
import { messages as spanish } from "~/locales/es/hosting.po";
import { scheduleInLanguage } from "./schedule-words";

const week = [...Array(5).fill([{ start: "08:00", end: "18:00" }]), [{ start: "10:00", end: "14:00" }], []];
const listing = { timezone: "UTC", openingHours: week, checkInTime: "15:00", checkOutTime: "11:00", bufferBeforeMinutes: 30, bufferAfterMinutes: 30, minNoticeMinutes: 120, maxAdvanceDays: 365, quantity: 3, rentalType: "equipment" };
const inLanguage = (locale: string, messages: typeof spanish) => {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (text: Parameters<typeof translate>[1]) => translate(i18n, text);
};

describe("the space page's opening hours in words (issue #31)", () => {
  it("reads as before in English", () => {
    expect(scheduleInLanguage(listing, english)).toEqual({
      hours: ["Mon–Fri 08:00–18:00", "Sat 10:00–14:00", "Sun closed"],
      rules: ["Check-in 15:00 · check-out 11:00 for rentals by the day", "Book at least 2 hours ahead", "30 minutes kept free before and after each booking", "3 units available at one time"],
    });
  });

  it("reads in Spanish and in Arabic", () => {
    expect(scheduleInLanguage(listing, inLanguage("es", spanish)).hours).toEqual(["lun–vie 08:00–18:00", "sáb 10:00–14:00", "dom: cerrado"]);
    expect(scheduleInLanguage(listing, inLanguage("es", spanish)).rules).toContain("Reserva con al menos 2 horas de antelación");
    expect(scheduleInLanguage({ ...listing, openingHours: Array(7).fill([{ start: "09:00", end: "21:00" }]) }, inLanguage("ar", arabic)).hours).toEqual(["كل يوم 09:00–21:00"]);
  });
});
