import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listingTranslations } from "~/db/schema/listing-translations";
import { spaces } from "~/db/schema/listings";
import type * as DbModule from "~/lib/db.server";
import { createHost, createSpace } from "../../../tests/factories/listings";
import { sessionCookieFor } from "../../../tests/factories/users";
import { createTestDatabase, testEngine, type TestDatabase } from "../../../tests/setup/test-database";
import { TRANSLATION_TEXT } from "~/features/hosting/listing-translation-form";
import { listTranslations, runTranslationAction } from "~/features/hosting/listing-translations.server";
import { loadListingTranslation, withTranslatedTitles } from "~/features/listings/listing-translations.server";

/**
 * Hosts' translations of a listing (issue #31 point 5, ADR 0295): saving, validation,
 * who may write, removal, and the pages that show them in the guest's language.
 */

const state = vi.hoisted(() => ({ database: undefined as undefined | { db: unknown } }));
vi.mock("~/lib/db.server", async (original) => ({
  ...(await original<typeof DbModule>()),
  getDb: async () => state.database!.db,
}));

const spaceDetail = await import("./space-detail");
const translationsRoute = await import("../hosting/listing-translations");
const explore = await import("./explore");
const mapPins = await import("./api.map-pins");

let database: TestDatabase;
let owner: string;
let stranger: string;
let spaceId: string;

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

async function stored() {
  return database.db.select().from(listingTranslations).where(eq(listingTranslations.spaceId, spaceId));
}

type DataResult = { data?: unknown; init?: { status?: number } | null };
const statusOf = (result: unknown) => (result as DataResult).init?.status ?? 200;
const bodyOf = (result: unknown) => ((result as DataResult).init !== undefined ? (result as DataResult).data : result) as Record<string, unknown>;

const loaderArgs = (url: string, headers: Record<string, string> = {}, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://localhost${url}`, { headers }), params, context: {} as never, unstable_pattern: "" }) as never;

beforeAll(async () => {
  database = await createTestDatabase();
  state.database = database;
  owner = (await createHost(database.db)).id;
  stranger = (await createHost(database.db)).id;
  spaceId = (await createSpace(database.db, { userId: owner, title: "Sunny Loft", description: "A bright loft by the river.", location: "Austin" })).id;
});

afterAll(async () => {
  await database?.drop();
});

beforeEach(async () => {
  await database.db.delete(listingTranslations);
});

describe(`listing translations on ${testEngine()}: the host's side`, () => {
  it("saves a translation, replaces it on a second save, lists it, removes it", async () => {
    const first = await runTranslationAction(database.db, owner, spaceId, form({ intent: "save", locale: "es", title: "  Loft soleado ", description: "Un loft luminoso junto al río." }));
    expect(first).toEqual({ ok: true, intent: "save", locale: "es", message: TRANSLATION_TEXT.saved });
    await runTranslationAction(database.db, owner, spaceId, form({ intent: "save", locale: "ar", title: "علية مشمسة", description: "علية مضيئة بجانب النهر." }));
    const again = await runTranslationAction(database.db, owner, spaceId, form({ intent: "save", locale: "es", title: "Loft con sol", description: "Luminoso." }));
    expect(again.ok).toBe(true);
    expect(await listTranslations(database.db, spaceId)).toEqual([
      { locale: "es", title: "Loft con sol", description: "Luminoso." },
      { locale: "ar", title: "علية مشمسة", description: "علية مضيئة بجانب النهر." },
    ]);

    const removed = await runTranslationAction(database.db, owner, spaceId, form({ intent: "remove", locale: "es" }));
    expect(removed).toEqual({ ok: true, intent: "remove", locale: "es", message: TRANSLATION_TEXT.removed });
    expect((await stored()).map((row) => row.locale)).toEqual(["ar"]);
  });

  const bad: Array<[string, Record<string, string>, string, string]> = [
    ["no title", { locale: "fr", title: "   ", description: "Texte" }, "title", TRANSLATION_TEXT.titleRequired],
    ["a 121-character title", { locale: "fr", title: "x".repeat(121), description: "Texte" }, "title", TRANSLATION_TEXT.titleTooLong],
    ["no description", { locale: "fr", title: "Titre" }, "description", TRANSLATION_TEXT.descriptionRequired],
    ["a 5001-character description", { locale: "fr", title: "Titre", description: "x".repeat(5001) }, "description", TRANSLATION_TEXT.descriptionTooLong],
    ["a language that is not one of the five", { locale: "de", title: "Titel", description: "Text" }, "locale", TRANSLATION_TEXT.languageRequired],
    ["no language", { title: "Titel", description: "Text" }, "locale", TRANSLATION_TEXT.languageRequired],
  ];
  for (const [name, fields, field, message] of bad) {
    it(`${name}: a clear message on the field, nothing stored`, async () => {
      const result = await runTranslationAction(database.db, owner, spaceId, form({ intent: "save", ...fields }));
      expect(result).toMatchObject({ ok: false, status: 400, fieldErrors: { [field]: message } });
      expect(await stored()).toEqual([]);
    });
  }

  it("drops control characters and keeps line breaks; 120 and 5000 characters are accepted", async () => {
    const result = await runTranslationAction(
      database.db,
      owner,
      spaceId,
      form({ intent: "save", locale: "ja", title: `${"題".repeat(119)}\u0000名`, description: `一行目\n二行目\u001b${"x".repeat(4990)}` }),
    );
    expect(result.ok).toBe(true);
    const [row] = await stored();
    expect(row!.title).toBe(`${"題".repeat(119)}名`);
    expect(row!.description.startsWith("一行目\n二行目x")).toBe(true);
  });

  it("only the owner may write: anyone else (or a malformed id) is told the listing does not exist, and nothing changes", async () => {
    await runTranslationAction(database.db, owner, spaceId, form({ intent: "save", locale: "fr", title: "Loft", description: "Lumineux" }));
    const save = await runTranslationAction(database.db, stranger, spaceId, form({ intent: "save", locale: "fr", title: "Pirate", description: "Pirate" }));
    expect(save).toMatchObject({ ok: false, status: 404, formError: TRANSLATION_TEXT.notFound });
    const remove = await runTranslationAction(database.db, stranger, spaceId, form({ intent: "remove", locale: "fr" }));
    expect(remove).toMatchObject({ ok: false, status: 404 });
    const malformed = await runTranslationAction(database.db, owner, "1 OR 1=1", form({ intent: "save", locale: "fr", title: "x", description: "y" }));
    expect(malformed).toMatchObject({ ok: false, status: 404 });
    expect(await stored()).toMatchObject([{ locale: "fr", title: "Loft", description: "Lumineux" }]);
  });

  it("the route: signed-in owner 200, stranger 404, bad input 400, an oversized body 413, nothing stored by the refused ones", async () => {
    const post = async (userId: string, fields: Record<string, string> | string) => {
      const cookie = await sessionCookieFor(database.db, userId);
      const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
      const request = new Request(`http://localhost/edit-listing/${spaceId}/translations`, {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      const result = await translationsRoute.action({ request, params: { id: spaceId }, context: {} as never, unstable_pattern: "" } as never);
      return { status: statusOf(result), body: bodyOf(result) };
    };
    expect(await post(stranger, { intent: "save", locale: "es", title: "T", description: "D" })).toMatchObject({ status: 404 });
    expect(await post(owner, { intent: "save", locale: "es", title: "", description: "D" })).toMatchObject({ status: 400, body: { fieldErrors: { title: TRANSLATION_TEXT.titleRequired } } });
    expect(await post(owner, `intent=save&locale=es&title=T&description=${"x".repeat(300 * 1024)}`)).toMatchObject({ status: 413, body: { formError: TRANSLATION_TEXT.tooLarge } });
    expect(await stored()).toEqual([]);
    expect(await post(owner, { intent: "save", locale: "es", title: "Loft soleado", description: "Luminoso" })).toMatchObject({ status: 200, body: { ok: true } });
    expect(await stored()).toHaveLength(1);
  });

  it("the database refuses a language outside the five and goes with its listing", async () => {
    await expect(database.db.insert(listingTranslations).values({ spaceId, locale: "de" as never, title: "Titel", description: "Text" })).rejects.toThrow();
    const other = await createSpace(database.db, { userId: owner });
    await database.db.insert(listingTranslations).values({ spaceId: other.id, locale: "es", title: "Otro", description: "Otro texto" });
    await database.db.delete(spaces).where(eq(spaces.id, other.id));
    const [left] = await database.db.select({ n: count() }).from(listingTranslations).where(and(eq(listingTranslations.spaceId, other.id)));
    expect(left!.n).toBe(0);
  });
});

describe(`listing translations on ${testEngine()}: what guests see`, () => {
  beforeEach(async () => {
    await runTranslationAction(database.db, owner, spaceId, form({ intent: "save", locale: "es", title: "Loft soleado", description: "Un loft luminoso junto al río." }));
  });

  it("picks the translation of the request's language, or none", async () => {
    expect(await loadListingTranslation(database.db, spaceId, "es")).toMatchObject({ title: "Loft soleado" });
    expect(await loadListingTranslation(database.db, spaceId, "fr")).toBeNull();
    const cards = await withTranslatedTitles(database.db, [{ id: spaceId, title: "Sunny Loft" }], "es");
    expect(cards).toEqual([{ id: spaceId, title: "Sunny Loft", translatedTitle: "Loft soleado" }]);
    expect(await withTranslatedTitles(database.db, [{ id: spaceId, title: "Sunny Loft" }], "ja")).toEqual([{ id: spaceId, title: "Sunny Loft" }]);
  });

  const page = (headers: Record<string, string>, prefix = "") =>
    spaceDetail.loader(loaderArgs(`${prefix}/space/sunny-loft/austin?id=${spaceId}`, headers, { titleSlug: "sunny-loft", locationSlug: "austin" })) as Promise<{
      space: { title: string; description: string };
      translation: { title: string; description: string } | null;
      structuredData: string;
    }>;

  it("the space page's loader: the translation for Accept-Language, the cookie or the URL prefix; the host's text stays the original", async () => {
    for (const [headers, prefix] of [[{ "Accept-Language": "es-MX,es;q=0.9" }, ""], [{ Cookie: "lang=es" }, ""], [{}, "/es"]] as const) {
      const data = await page(headers, prefix);
      expect(data.translation).toEqual({ title: "Loft soleado", description: "Un loft luminoso junto al río." });
      expect(data.space).toMatchObject({ title: "Sunny Loft", description: "A bright loft by the river." });
      expect(data.structuredData).toContain("Loft soleado");
    }
    const english = await page({ "Accept-Language": "en-US" });
    expect(english.translation).toBeNull();
    expect(english.structuredData).toContain("Sunny Loft");
    const french = await page({ "Accept-Language": "fr" });
    expect(french.translation).toBeNull();
  });

  it("the page's title and description (meta) use the translation", async () => {
    const data = await page({ "Accept-Language": "es" });
    const tags = spaceDetail.meta({ loaderData: data, matches: [], location: { pathname: "/space/sunny-loft/austin" }, params: {} } as never) as Array<Record<string, string>>;
    expect(tags.find((tag) => "title" in tag)?.title).toContain("Loft soleado");
    expect(tags.find((tag) => tag.name === "description")?.content).toContain("Un loft luminoso");
  });

  it("explore's cards carry the translated title for the page's language, and the original title for their links", async () => {
    const spanish = (await explore.loader(loaderArgs("/explore?q=Sunny", { "Accept-Language": "es" }))) as { results: { spaces: Array<{ id: string; title: string; translatedTitle?: string }> } };
    expect(spanish.results.spaces.find((card) => card.id === spaceId)).toMatchObject({ title: "Sunny Loft", translatedTitle: "Loft soleado" });
    const english = (await explore.loader(loaderArgs("/explore?q=Sunny", { "Accept-Language": "en" }))) as typeof spanish;
    expect(english.results.spaces.find((card) => card.id === spaceId)?.translatedTitle).toBeUndefined();
  });

  type ExploreData = { results: { spaces: Array<{ id: string; title: string; translatedTitle?: string }>; count: { value: number } } };
  const found = async (url: string, headers: Record<string, string> = {}) => ((await explore.loader(loaderArgs(url, headers))) as ExploreData).results.spaces.filter((card) => card.id === spaceId);

  it("/es/explore finds the listing by a word only in its Spanish title or description; the host's English words match in every language", async () => {
    expect(await found("/es/explore?q=soleado")).toEqual([expect.objectContaining({ title: "Sunny Loft", translatedTitle: "Loft soleado" })]);
    expect(await found("/es/explore?q=r%C3%ADo")).toHaveLength(1);
    expect(await found("/explore?q=soleado", { "Accept-Language": "es" })).toHaveLength(1);
    // Not in English, nor in a language the host did not translate into.
    expect(await found("/explore?q=soleado", { "Accept-Language": "en" })).toEqual([]);
    expect(await found("/fr/explore?q=soleado")).toEqual([]);
    for (const prefix of ["", "/es", "/fr", "/ja", "/ar"]) expect(await found(`${prefix}/explore?q=sunny`)).toHaveLength(1);
  });

  it("the explore map's pins: titled and searched in the page's language (`lang`), linked by the original title", async () => {
    await database.db.update(spaces).set({ latitude: 30.27, longitude: -97.74, publicLatitude: 30.27, publicLongitude: -97.74 }).where(eq(spaces.id, spaceId));
    type Pins = { data: { pins: Array<{ id: string; title: string; href: string; price: string }> }; init: { headers: Record<string, string> } };
    const pins = async (query: string, headers: Record<string, string> = {}) => (await mapPins.loader(loaderArgs(`/api/map-pins?${query}`, headers))) as unknown as Pins;
    const spanish = await pins("q=soleado&lang=es");
    expect(spanish.data.pins).toEqual([expect.objectContaining({ id: spaceId, title: "Loft soleado", href: expect.stringContaining("/space/sunny-loft/") })]);
    // The language is in the URL, the shared cache's key: no Vary.
    expect(spanish.init.headers.Vary).toBeUndefined();
    expect((await pins("q=sunny&lang=es")).data.pins.map((pin) => pin.title)).toEqual(["Loft soleado"]);
    expect((await pins("q=sunny&lang=fr")).data.pins.map((pin) => pin.title)).toEqual(["Sunny Loft"]);
    // The pin's price reads as the cards' first chip does in each language.
    const prices = async (lang: string) => (await pins(`q=sunny&lang=${lang}`)).data.pins.map((pin) => pin.price);
    expect(await prices("en")).toEqual([expect.stringMatching(/^\$[\d,]+\/hr$/)]);
    expect(await prices("es")).toEqual([expect.stringMatching(/^[\d.]+\u00a0US\$\/hora$/)]);
    expect(await prices("ar")).toEqual([expect.stringMatching(/\/ساعة$/)]);
    expect((await pins("q=soleado&lang=en")).data.pins).toEqual([]);
    // Without `lang` (an older page): the request's language, and the answer varies by it.
    const negotiated = await pins("q=sunny", { "Accept-Language": "es" });
    expect(negotiated.data.pins.map((pin) => pin.title)).toEqual(["Loft soleado"]);
    expect(negotiated.init.headers.Vary).toBe("Accept-Language, Cookie");
    expect((await pins("q=sunny&lang=xx", { "Accept-Language": "en" })).data.pins.map((pin) => pin.title)).toEqual(["Sunny Loft"]);
  });
});
