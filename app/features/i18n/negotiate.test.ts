import { describe, expect, it } from "vitest";
import { localeOfPath, localizedPath, stripLocale } from "~/lib/locales";
import { localeOfRequest, negotiateLocale, pageLocaleOfRequest, requestedLanguages, savedLocale } from "./negotiate";

const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://rentwell.test${path}`, { headers });

describe("Accept-Language (ADR 0293)", () => {
  it("orders the asked-for languages by q-value, drops q=0, * and malformed tags", () => {
    expect(requestedLanguages("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5")).toEqual(["fr-CH", "fr", "en", "de"]);
    expect(requestedLanguages("en;q=0.2, ja")).toEqual(["ja", "en"]);
    expect(requestedLanguages("es;q=0, ar, 12$;q=1")).toEqual(["ar"]);
    expect(requestedLanguages(undefined)).toEqual([]);
  });

  it("picks the closest UI language: regional variants, scripts and the first supported choice", () => {
    expect(negotiateLocale("es-MX,es;q=0.9")).toBe("es");
    expect(negotiateLocale("fr-CA")).toBe("fr");
    expect(negotiateLocale("ar-EG,ar;q=0.9,en;q=0.5")).toBe("ar");
    expect(negotiateLocale("ja-JP")).toBe("ja");
    expect(negotiateLocale("de-DE,de;q=0.9,fr;q=0.8,en;q=0.7")).toBe("fr");
    expect(negotiateLocale("en-GB,ja;q=0.8")).toBe("en");
  });

  it("falls back to English for no header, nothing supported, or garbage", () => {
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale("de-DE,pt;q=0.5")).toBe("en");
    expect(negotiateLocale(";;;,q=")).toBe("en");
  });
});

describe("a request's language", () => {
  it("the URL prefix wins over the saved choice and the header", () => {
    expect(localeOfRequest(request("/es/explore", { Cookie: "lang=fr", "Accept-Language": "ja" }))).toBe("es");
    expect(localeOfRequest(request("/ar", { "Accept-Language": "ja" }))).toBe("ar");
  });

  it("without a prefix the saved choice wins over the header, even when it is English", () => {
    expect(localeOfRequest(request("/explore", { Cookie: "theme=dark; lang=fr", "Accept-Language": "ja" }))).toBe("fr");
    expect(localeOfRequest(request("/explore", { Cookie: "lang=en", "Accept-Language": "ja" }))).toBe("en");
    expect(localeOfRequest(request("/explore", { "Accept-Language": "ja" }))).toBe("ja");
  });

  it("ignores a cookie that names no UI language, and paths that only look like a prefix", () => {
    expect(savedLocale("lang=de")).toBeNull();
    expect(localeOfRequest(request("/explore", { Cookie: "lang=xx", "Accept-Language": "es" }))).toBe("es");
    expect(localeOfPath("/espana")).toBeNull();
    expect(localeOfPath("/en/explore")).toBeNull();
  });
});

describe("a signed-in member's saved language (ADR 0296)", () => {
  it("comes after the prefix and before the cookie and the header", () => {
    expect(localeOfRequest(request("/explore", { Cookie: "lang=fr", "Accept-Language": "ja" }), "ar")).toBe("ar");
    expect(localeOfRequest(request("/es/explore", { Cookie: "lang=fr" }), "ar")).toBe("es");
    expect(localeOfRequest(request("/explore", { Cookie: "lang=fr" }), null)).toBe("fr");
    expect(localeOfRequest(request("/explore", { "Accept-Language": "ja" }), "xx")).toBe("ja");
  });

  it("the page a form was sent from: its prefix (same origin only), else the cookie, else the header", () => {
    const from = (referer: string, headers: Record<string, string> = {}) => pageLocaleOfRequest(request("/auth/sign-up", { Referer: referer, ...headers }));
    expect(from("http://rentwell.test/es/explore")).toEqual({ locale: "es", chosen: true });
    expect(from("https://elsewhere.example/es/explore", { "Accept-Language": "fr" })).toEqual({ locale: "fr", chosen: false });
    expect(from("http://rentwell.test/explore", { Cookie: "lang=ja" })).toEqual({ locale: "ja", chosen: true });
    expect(from("not a url")).toEqual({ locale: "en", chosen: false });
  });
});

describe("language prefixes", () => {
  it("adds, replaces and removes the prefix", () => {
    expect(localizedPath("es", "/explore?city=paris")).toBe("/es/explore?city=paris");
    expect(localizedPath("ja", "/")).toBe("/ja");
    expect(localizedPath("ar", "/fr/about")).toBe("/ar/about");
    expect(localizedPath("en", "/fr/about")).toBe("/about");
    expect(stripLocale("/es")).toBe("/");
  });
});
