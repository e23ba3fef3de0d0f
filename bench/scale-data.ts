/**
 * The benchmark's data set (issue #4 "Fast at scale"): the demo data plus
 * generated listings, loaded with a few set-based statements.
 */
import { sql } from "drizzle-orm";
import { runMigrations, type Database, type Db } from "~/lib/db.server";
import { seed } from "../seed/seed.server";
import { placeListings } from "./geo-data";


const ADJECTIVES = ["Sunny", "Quiet", "Industrial", "Cozy", "Modern", "Rustic", "Spacious", "Harbour", "Downtown", "Garden", "Vintage", "Bright"];
const NOUNS = ["Loft", "Studio", "Warehouse", "Kayak", "Camera Kit", "Pressure Washer", "Pontoon Boat", "Rooftop", "Van", "Drone", "Rehearsal Room", "Tiller"];
const PLACES: Array<[string, string]> = [
  ["New York, NY", "United States"], ["Los Angeles, CA", "United States"], ["Chicago, IL", "United States"], ["Houston, TX", "United States"],
  ["Phoenix, AZ", "United States"], ["Philadelphia, PA", "United States"], ["San Antonio, TX", "United States"], ["San Diego, CA", "United States"],
  ["Dallas, TX", "United States"], ["San Jose, CA", "United States"], ["Tampa, FL", "United States"], ["Riverview, FL", "United States"],
  ["Miami, FL", "United States"], ["Seattle, WA", "United States"], ["Austin, TX", "United States"], ["Denver, CO", "United States"],
  ["Toronto, ON", "Canada"], ["Vancouver, BC", "Canada"], ["London", "United Kingdom"], ["Manchester", "United Kingdom"], ["Paris", "France"],
  ["Lyon", "France"], ["Athens", "Greece"], ["Berlin", "Germany"], ["Barcelona", "Spain"], ["Tokyo", "Japan"], ["Osaka", "Japan"],
  ["Bali", "Indonesia"], ["Sydney, NSW", "Australia"], ["Melbourne, VIC", "Australia"], ["Dubai", "United Arab Emirates"], ["Seoul", "South Korea"],
  // Up to 50 cities (issue #27's skew: 70 % of listings in 50 cities, the rest spread over 5 000 towns).
  ["Boston, MA", "United States"], ["Atlanta, GA", "United States"], ["Portland, OR", "United States"], ["Nashville, TN", "United States"],
  ["Montreal, QC", "Canada"], ["Edinburgh", "United Kingdom"], ["Marseille", "France"], ["Munich", "Germany"], ["Madrid", "Spain"],
  ["Rome", "Italy"], ["Amsterdam", "Netherlands"], ["Lisbon", "Portugal"], ["Kyoto", "Japan"], ["Singapore", "Singapore"],
  ["Auckland", "New Zealand"], ["Mexico City", "Mexico"], ["Sao Paulo", "Brazil"], ["Mumbai", "India"],
];
/** Each city's time zone, by country (a listing's wall clock; the one US zone keeps it simple). */
const ZONES: Record<string, string> = {
  "United States": "America/New_York", Canada: "America/Toronto", "United Kingdom": "Europe/London", France: "Europe/Paris", Greece: "Europe/Athens",
  Germany: "Europe/Berlin", Spain: "Europe/Madrid", Japan: "Asia/Tokyo", Indonesia: "Asia/Makassar", Australia: "Australia/Sydney",
  "United Arab Emirates": "Asia/Dubai", "South Korea": "Asia/Seoul", Italy: "Europe/Rome", Netherlands: "Europe/Amsterdam", Portugal: "Europe/Lisbon",
  Singapore: "Asia/Singapore", "New Zealand": "Pacific/Auckland", Mexico: "America/Mexico_City", Brazil: "America/Sao_Paulo", India: "Asia/Kolkata",
};
const AMENITIES = ["WiFi", "Parking", "Restroom", "Kitchen", "Air conditioning", "Projector", "Sound system", "Lighting", "Helmets", "Delivery", "Wheelchair access", "Changing room", "Coffee", "Life jackets", "Charger"];
/** Opening hours: every day 09–21 (most), weekdays 08–18, round the clock, evenings. */
const WEEKS = [
  JSON.stringify(Array.from({ length: 7 }, () => [{ start: "09:00", end: "21:00" }])),
  JSON.stringify(Array.from({ length: 7 }, (_, day) => (day < 5 ? [{ start: "08:00", end: "18:00" }] : []))),
  JSON.stringify(Array.from({ length: 7 }, () => [{ start: "00:00", end: "24:00" }])),
  JSON.stringify(Array.from({ length: 7 }, () => [{ start: "17:00", end: "24:00" }])),
];
const WORDS = ["natural light", "free parking", "loading dock", "sound-proofed", "pet friendly", "near the beach", "with delivery", "safety gear included", "cyclorama wall", "fast wifi", "kitchenette", "helmets"];

function sqlTextArray(values: readonly string[]) {
  return sql.raw(`(ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]::text[])`);
}

/**
 * 100 000 varied listings in a few set-based statements (the row triggers are paused
 * meanwhile): 70 % in 50 cities, the rest in 5 000 towns; opening hours, rules and units
 * (issue #26) in the city's zone; then about 5 bookings and 2 blocks per listing over the
 * next weeks (issue #27's benchmark).
 */
export async function loadListings(db: Db, total: number) {
  const hosts = (await db.execute(sql`select id from users order by created_at limit 20`)).rows as Array<{ id: string }>;
  const types = (await db.execute(sql`select name from space_types order by name`)).rows as Array<{ name: string }>;
  if (hosts.length === 0 || types.length === 0) throw new Error("The demo seed must run first (no users or space types)");
  const hostIds = sql.raw(`(ARRAY[${hosts.map((row) => `'${row.id}'`).join(",")}]::uuid[])`);
  const typeNames = sqlTextArray(types.map((row) => row.name));
  const locations = sqlTextArray(PLACES.map(([location]) => location));
  const countries = sqlTextArray(PLACES.map(([, country]) => country));
  const zones = sqlTextArray(PLACES.map(([, country]) => ZONES[country] ?? "UTC"));
  const weeks = sqlTextArray(WEEKS);
  const amenities = sqlTextArray(AMENITIES);
  await db.execute(sql`alter table spaces disable trigger spaces_notify_change`);
  await db.execute(sql`alter table spaces disable trigger spaces_track_location_counts`);
  const batch = 20_000;
  for (let start = 1; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    await db.execute(sql`
      insert into spaces (user_id, title, description, type, rental_type, hourly_price, daily_price, weekly_price, currency, location, country,
                          capacity, amenities, images, available, is_published, status, rating, review_count, created_at,
                          timezone, opening_hours, min_notice_minutes, buffer_after_minutes, quantity)
      select ${hostIds}[1 + g % ${sql.raw(String(hosts.length))}],
             ${sqlTextArray(ADJECTIVES)}[1 + g % ${sql.raw(String(ADJECTIVES.length))}] || ' ' || ${sqlTextArray(NOUNS)}[1 + (g / 7) % ${sql.raw(String(NOUNS.length))}] || ' #' || g,
             'A ' || lower(${sqlTextArray(NOUNS)}[1 + (g / 7) % ${sql.raw(String(NOUNS.length))}]) || ' with ' || ${sqlTextArray(WORDS)}[1 + g % ${sql.raw(String(WORDS.length))}]
               || ' and ' || ${sqlTextArray(WORDS)}[1 + (g / 3) % ${sql.raw(String(WORDS.length))}] || '. Listing number ' || g || '.',
             ${typeNames}[1 + (g / 11) % ${sql.raw(String(types.length))}],
             (array['space','vehicle','equipment','service','experience'])[1 + g % 5],
             (10 + g % 190)::numeric, case when g % 3 = 0 then (80 + g % 900)::numeric end, case when g % 5 = 0 then (400 + g % 4000)::numeric end,
             'USD',
             case when g % 10 < 7 then ${locations}[1 + (g / 13) % ${sql.raw(String(PLACES.length))}] else 'Town ' || (g % 5000) || ', ' || ${countries}[1 + g % ${sql.raw(String(PLACES.length))}] end,
             ${countries}[1 + (case when g % 10 < 7 then (g / 13) else g end) % ${sql.raw(String(PLACES.length))}],
             1 + g % 30,
             array[${amenities}[1 + g % 15], ${amenities}[1 + (g / 15) % 15], ${amenities}[1 + (g / 225) % 15]] || case when g % 4 = 0 then array['WiFi'] else array[]::text[] end,
             array[]::text[],
             g % 17 <> 0, g % 25 <> 0,
             (array['available','available','available','rented','maintenance'])[1 + g % 5],
             round((3 + (g % 20) / 10.0)::numeric, 2), g % 40,
             now() - make_interval(mins => g),
             ${zones}[1 + (case when g % 10 < 7 then (g / 13) else g end) % ${sql.raw(String(PLACES.length))}],
             (${weeks}[1 + (case when g % 10 < 6 then 0 else g % 4 end)])::jsonb,
             case when g % 7 = 0 then 1440 else 0 end, case when g % 9 = 0 then 60 else 0 end,
             case when g % 10 = 3 then 5 else 1 end
      from generate_series(${start}::int, ${end}::int) as g`);
  }
  // Where (issue #27 points 3 and 4): 70 % within 20 km of their city's centre (bench/geo-data.ts).
  await placeListings(db);
  await loadCalendars(db);
  // Their trigger fills spaces.translated_text (migration 0039) while the listings' own triggers are paused.
  await loadTranslations(db);
  await db.execute(sql`alter table spaces enable trigger spaces_notify_change`);
  await db.execute(sql`alter table spaces enable trigger spaces_track_location_counts`);
  // What the paused trigger would have kept: published listings per location.
  await db.execute(sql`delete from space_location_counts`);
  await db.execute(sql`insert into space_location_counts (location, published)
                       select location, count(*)::int from spaces where is_published group by location`);
  // As autovacuum would have done on a live database: statistics and the visibility map.
  await db.execute(sql`vacuum analyze spaces`);
  await db.execute(sql`vacuum analyze listing_translations`);
  await db.execute(sql`vacuum analyze space_location_counts`);
}

/** The generated titles' words in Spanish, in the same order as ADJECTIVES, NOUNS and WORDS. */
const ADJECTIVES_ES = ["soleado", "tranquilo", "industrial", "acogedor", "moderno", "rústico", "amplio", "del puerto", "céntrico", "con jardín", "vintage", "luminoso"];
const NOUNS_ES = ["Loft", "Estudio", "Almacén", "Kayak", "Equipo de cámara", "Hidrolavadora", "Pontón", "Azotea", "Furgoneta", "Dron", "Sala de ensayo", "Motocultor"];
const WORDS_ES = ["luz natural", "aparcamiento gratis", "muelle de carga", "insonorizado", "se admiten mascotas", "cerca de la playa", "con entrega", "equipo de seguridad", "pared de ciclorama", "wifi rápido", "cocina pequeña", "cascos"];

/**
 * Hosts' translations (issue #31 point 5, ADR 0295): a Spanish title and description for
 * every fifth generated listing (20 000 at 100 000), the words of its own title in Spanish.
 * Each row's trigger writes its listing's `translated_text`.
 */
async function loadTranslations(db: Db) {
  const n = sql.raw("n");
  const count = (values: readonly string[]) => sql.raw(String(values.length));
  await db.execute(sql`
    insert into listing_translations (space_id, locale, title, description)
    select id, 'es',
           ${sqlTextArray(NOUNS_ES)}[1 + (${n} / 7) % ${count(NOUNS_ES)}] || ' ' || ${sqlTextArray(ADJECTIVES_ES)}[1 + ${n} % ${count(ADJECTIVES_ES)}] || ' #' || ${n},
           'Un ' || lower(${sqlTextArray(NOUNS_ES)}[1 + (${n} / 7) % ${count(NOUNS_ES)}]) || ' con ' || ${sqlTextArray(WORDS_ES)}[1 + ${n} % ${count(WORDS_ES)}]
             || ' y ' || ${sqlTextArray(WORDS_ES)}[1 + (${n} / 3) % ${count(WORDS_ES)}] || '. Anuncio número ' || ${n} || '.'
      from (select id, substring(title from ' #([0-9]+)$')::int as n from spaces where title like '% #%') as generated
     where ${n} % 5 = 0`);
}

/**
 * About 5 bookings and 2 blocks per generated listing over the next eight weeks: a
 * booking every ~11 days at a varying hour (2–3 hours long), a whole-day block on days
 * 8–10 and 30–32, between the bookings. On listings of one unit they never overlap (the exclusion constraint holds).
 */
async function loadCalendars(db: Db) {
  await db.execute(sql`
    insert into space_availability (space_id, kind, start_time, end_time, units, shared, created_at)
    select s.id, 'booking',
           date_trunc('day', now()) + make_interval(days => 1 + k * 11 + (abs(hashtext(s.id::text)) % 7), hours => 8 + (abs(hashtext(s.id::text)) + k) % 10),
           date_trunc('day', now()) + make_interval(days => 1 + k * 11 + (abs(hashtext(s.id::text)) % 7), hours => 10 + (abs(hashtext(s.id::text)) + k) % 10 + k % 2),
           1, s.quantity > 1, now()
      from spaces s cross join generate_series(0, 4) as k
     where s.title like '% #%'`);
  await db.execute(sql`
    insert into space_availability (space_id, kind, start_time, end_time, units, shared, created_at)
    select s.id, 'blocked',
           date_trunc('day', now()) + make_interval(days => 8 + k * 22 + (abs(hashtext(s.id::text)) % 3)),
           date_trunc('day', now()) + make_interval(days => 9 + k * 22 + (abs(hashtext(s.id::text)) % 3)),
           s.quantity, s.quantity > 1, now()
      from spaces s cross join generate_series(0, 1) as k
     where s.title like '% #%'`);
  await db.execute(sql`vacuum analyze space_availability`);
}

/** Migrates, loads the demo data and `total` generated listings. */
export async function prepare(database: Database, total: number) {
  await runMigrations(database);
  await seed(database.db);
  const started = performance.now();
  await loadListings(database.db, total);
  const [{ n }] = (await database.db.execute(sql`select count(*)::int as n from spaces`)).rows as [{ n: number }];
  console.log(`Loaded ${n.toLocaleString("en-US")} listings in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.engine}).`);
}

