/**
 * Coordinates for the benchmark's generated listings (issue #27 points 3 and 4): a listing
 * of one of the 50 cities lies within 20 km of its centre (uniform over the disc), a
 * listing of a town anywhere between 50° S and 60° N; the public point is the exact one
 * moved 0.3–0.7 km (as the app does, ADR 0221). One set-based UPDATE, deterministic (md5
 * of the id), run by scale-data.ts after the listings are inserted.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/lib/db.server";

/** The centres of scale-data.ts's 50 cities (from the app's offline GeoNames gazetteer). */
export const CITY_POINTS: Array<[string, number, number]> = [
  ["New York, NY", 40.71427, -74.00597], ["Los Angeles, CA", 34.05223, -118.24368], ["Chicago, IL", 41.85003, -87.65005],
  ["Houston, TX", 29.76328, -95.36327], ["Phoenix, AZ", 33.44838, -112.07404], ["Philadelphia, PA", 39.95233, -75.16379],
  ["San Antonio, TX", 29.42412, -98.49363], ["San Diego, CA", 32.71571, -117.16472], ["Dallas, TX", 32.78306, -96.80667],
  ["San Jose, CA", 37.33939, -121.89496], ["Tampa, FL", 27.94752, -82.45843], ["Riverview, FL", 27.86614, -82.32648],
  ["Miami, FL", 25.77427, -80.19366], ["Seattle, WA", 47.60621, -122.33207], ["Austin, TX", 30.26715, -97.74306],
  ["Denver, CO", 39.73915, -104.9847], ["Toronto, ON", 43.70011, -79.4163], ["Vancouver, BC", 49.24966, -123.11934],
  ["London", 51.50853, -0.12574], ["Manchester", 53.48095, -2.23743], ["Paris", 48.85341, 2.3488], ["Lyon", 45.74846, 4.84671],
  ["Athens", 37.98376, 23.72784], ["Berlin", 52.52437, 13.41053], ["Barcelona", 41.38879, 2.15899], ["Tokyo", 35.6895, 139.69171],
  ["Osaka", 34.69374, 135.50218], ["Bali", -8.4095, 115.1889], ["Sydney, NSW", -33.86785, 151.20732], ["Melbourne, VIC", -37.814, 144.96332],
  ["Dubai", 25.07725, 55.30927], ["Seoul", 37.566, 126.9784], ["Boston, MA", 42.35843, -71.05977], ["Atlanta, GA", 33.749, -84.38798],
  ["Portland, OR", 45.52345, -122.67621], ["Nashville, TN", 36.16589, -86.78444], ["Montreal, QC", 45.50884, -73.58781],
  ["Edinburgh", 55.95206, -3.19648], ["Marseille", 43.29695, 5.38107], ["Munich", 48.13743, 11.57549], ["Madrid", 40.4165, -3.70256],
  ["Rome", 41.89193, 12.51133], ["Amsterdam", 52.37403, 4.88969], ["Lisbon", 38.71667, -9.13333], ["Kyoto", 35.02107, 135.75385],
  ["Singapore", 1.28967, 103.85007], ["Auckland", -36.84853, 174.76349], ["Mexico City", 19.42847, -99.12766],
  ["Sao Paulo", -23.5475, -46.63611], ["Mumbai", 19.07283, 72.88261],
];

export async function placeListings(db: Db) {
  const values = sql.raw(CITY_POINTS.map(([name, lat, lng]) => `('${name.replace(/'/g, "''")}', ${lat}::float8, ${lng}::float8)`).join(", "));
  await db.execute(sql`
    with cities(location, lat, lng) as (values ${values}),
    fractions as (
      select s.id, c.lat as city_lat, c.lng as city_lng,
        ('x' || substr(md5(s.id::text || ':a'), 1, 8))::bit(32)::bigint / 4294967296.0 as f1,
        ('x' || substr(md5(s.id::text || ':b'), 1, 8))::bit(32)::bigint / 4294967296.0 as f2,
        ('x' || substr(md5(s.id::text || ':c'), 1, 8))::bit(32)::bigint / 4294967296.0 as f3
      from spaces s left join cities c on c.location = s.location
      where s.latitude is null
    ),
    exact as (
      select id, f3,
        case when city_lat is null then -50 + 110 * f1 else city_lat + 20 * sqrt(f1) * cos(2 * pi() * f2) / 111.2 end as lat,
        case when city_lat is null then -180 + 360 * f2 else city_lng + 20 * sqrt(f1) * sin(2 * pi() * f2) / (111.2 * cos(radians(city_lat))) end as lng
      from fractions
    )
    update spaces s set
      latitude = e.lat, longitude = e.lng,
      public_latitude = least(90, greatest(-90, e.lat + (0.3 + 0.4 * e.f3) * cos(2 * pi() * e.f3 * 7) / 111.2)),
      public_longitude = least(180, greatest(-180, e.lng + (0.3 + 0.4 * e.f3) * sin(2 * pi() * e.f3 * 7) / (111.2 * cos(radians(e.lat)))))
    from exact e where s.id = e.id`);
}

// ------------------------------------------------------------ issue #27's geographic queries

type Timer = (name: string, run: (i: number) => Promise<unknown>) => Promise<{ name: string; p50: number; p95: number; p99: number }>;

/** Issue #27's two geographic benchmark queries (p95 target 15 ms at 100 000, 50 ms at 1 000 000). */
export const GEO_QUERIES = ["explore near a point within 25 km sorted by distance", "map bounds with 500 pins"];

/** A point near city `i` (up to ~10 km from its centre). */
function nearCity(i: number) {
  const [, lat, lng] = CITY_POINTS[i % CITY_POINTS.length]!;
  return { lat: lat + ((i % 7) - 3) * 0.02, lng: lng + ((i % 5) - 2) * 0.02 };
}

export async function timeGeoQueries(db: Db, time: Timer, suffix: string) {
  const { searchExplore, exploreConditions } = await import("~/features/search/search.server");
  const { parseExploreSearch } = await import("~/features/search/search-params");
  const { listMapPins } = await import("~/features/geo/geo-filter.server");
  const search = (query: string) => parseExploreSearch(new URLSearchParams(query));
  const bySort = search("sort=distance");
  const results = [
    await time(`${GEO_QUERIES[0]}${suffix}`, (i) => searchExplore(db, { ...bySort, geo: { center: nearCity(i), radiusKm: 25, bounds: null } })),
    // A city-sized map view (about 110 × 80 km) around a city: up to 500 pins, nearest the centre first.
    await time(`${GEO_QUERIES[1]}${suffix}`, (i) => {
      const center = nearCity(i);
      const bounds = { west: center.lng - 0.7, south: center.lat - 0.35, east: center.lng + 0.7, north: center.lat + 0.35 };
      return listMapPins(db, { center, radiusKm: 25, bounds }, exploreConditions(search(""), new Date()));
    }),
    await time(`map bounds across the antimeridian${suffix}`, () =>
      listMapPins(db, { center: { lat: -37, lng: 178 }, radiusKm: 25, bounds: { west: 170, south: -50, east: -170, north: -25 } }, exploreConditions(search(""), new Date())),
    ),
    await time(`map bounds, the whole world${suffix}`, () =>
      listMapPins(db, { center: { lat: 20, lng: 0 }, radiusKm: 25, bounds: { west: -180, south: -85, east: 180, north: 85 } }, exploreConditions(search(""), new Date())),
    ),
    await time(`explore near a place + date + time${suffix}`, (i) =>
      searchExplore(db, { ...search(`date=${new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10)}&time=10:00&hours=3`), geo: { center: nearCity(i), radiusKm: 25, bounds: null } }),
    ),
  ];
  return results;
}

/** How PostgreSQL plans the two geographic queries (bench/README.md records them). */
export async function explainGeo(db: Db) {
  const { exploreConditions, ORDERS } = await import("~/features/search/search.server");
  const { parseExploreSearch } = await import("~/features/search/search-params");
  const { distanceOrder, geoConditions } = await import("~/features/geo/geo-filter.server");
  const { spaces } = await import("~/db/schema/listings");
  const { and } = await import("drizzle-orm");
  const center = { lat: 41.85003, lng: -87.65005 };
  const near = { ...parseExploreSearch(new URLSearchParams("sort=distance")), geo: { center, radiusKm: 25, bounds: null } };
  const nearQuery = db.select({ id: spaces.id }).from(spaces).where(and(...exploreConditions(near, new Date()))).orderBy(...ORDERS.distance(near)).limit(13);
  const bounds = { west: -88.35, south: 41.5, east: -86.95, north: 42.2 };
  const boundsQuery = db
    .select({ id: spaces.id })
    .from(spaces)
    .where(and(...exploreConditions(parseExploreSearch(new URLSearchParams("")), new Date()), ...geoConditions({ center, radiusKm: 25, bounds })))
    .orderBy(...distanceOrder({ center, radiusKm: 25, bounds }))
    .limit(500);
  const plans: string[] = [];
  for (const [name, query] of [["near Chicago within 25 km by distance", nearQuery], ["map bounds around Chicago, 500 pins", boundsQuery]] as const) {
    const { sql: text, params } = query.toSQL();
    const client = (db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<{ rows: Array<Record<string, string>> }> } }).$client;
    const { rows } = await client.query(`explain (analyze, buffers off, costs off, timing off, summary on) ${text}`, params as unknown[]);
    plans.push(`-- ${name}\n${rows.map((row) => Object.values(row)[0]).join("\n")}`);
  }
  return plans.join("\n\n");
}
