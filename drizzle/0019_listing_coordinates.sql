-- Where listings are (issue #27 points 3 and 4, ADRs 0220-0222).
-- The exact point (private) and the public approximate point (the exact one moved 300-700 m in a
-- direction fixed per listing by md5 of its id, as app/features/geo/listing-point.server.ts does).
ALTER TABLE "spaces" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "public_latitude" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD COLUMN "public_longitude" double precision;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_coordinates_check" CHECK (("spaces"."latitude" is null) = ("spaces"."longitude" is null) and ("spaces"."public_latitude" is null) = ("spaces"."latitude" is null) and ("spaces"."public_longitude" is null) = ("spaces"."latitude" is null) and coalesce("spaces"."latitude" between -90 and 90 and "spaces"."longitude" between -180 and 180 and "spaces"."public_latitude" between -90 and 90 and "spaces"."public_longitude" between -180 and 180, true));--> statement-breakpoint
-- Near a point, map bounds and distance sort (ADR 0222): a range on the public latitude, the longitude read from the index.
CREATE INDEX "spaces_public_geo_idx" ON "spaces" USING btree ("public_latitude","public_longitude") WHERE "spaces"."is_published" and "spaces"."public_latitude" is not null;--> statement-breakpoint
-- Backfill: listings of the demo places (an existing demo database) get a point 0.5-4 km from the
-- place's centre in a direction fixed by their id, then their public point. Other listings get theirs
-- when the host next saves them (geocoded from the address) or places the pin.
WITH demo_places(place, lat, lng) AS (VALUES
  ('new york', 40.71427, -74.00597),
  ('los angeles', 34.05223, -118.24368),
  ('chicago', 41.85003, -87.65005),
  ('houston', 29.76328, -95.36327),
  ('phoenix', 33.44838, -112.07404),
  ('philadelphia', 39.95233, -75.16379),
  ('san antonio', 29.42412, -98.49363),
  ('san diego', 32.71571, -117.16472),
  ('dallas', 32.78306, -96.80667),
  ('san jose', 37.33939, -121.89496),
  ('santa clara county', 37.3541, -121.9552),
  ('riverview', 27.86614, -82.32648),
  ('tampa', 27.94752, -82.45843),
  ('miami', 25.77427, -80.19366),
  ('austin', 30.26715, -97.74306),
  ('seattle', 47.60621, -122.33207),
  ('denver', 39.73915, -104.9847),
  ('nashville', 36.16589, -86.78444),
  ('honolulu', 21.30694, -157.85833),
  ('tokyo', 35.6895, 139.69171),
  ('kyoto', 35.02107, 135.75385),
  ('bali', -8.5098, 115.2654),
  ('sydney', -33.86785, 151.20732),
  ('melbourne', -37.814, 144.96332),
  ('singapore', 1.28967, 103.85007),
  ('seoul', 37.566, 126.9784),
  ('hong kong', 22.27832, 114.17469),
  ('bangkok', 13.75398, 100.50144),
  ('london', 51.50853, -0.12574),
  ('edinburgh', 55.95206, -3.19648),
  ('paris', 48.85341, 2.3488),
  ('athens', 37.98376, 23.72784),
  ('santorini', 36.4618, 25.3753),
  ('berlin', 52.52437, 13.41053),
  ('amsterdam', 52.37403, 4.88969),
  ('barcelona', 41.38879, 2.15899),
  ('dubai', 25.07725, 55.30927),
  ('toronto', 43.70011, -79.4163),
  ('vancouver', 49.24966, -123.11934),
  ('mexico city', 19.42847, -99.12766)
),
fractions AS (
  SELECT s.id, p.lat, p.lng,
    ('x' || substr(md5(s.id::text || ':demo-bearing'), 1, 8))::bit(32)::bigint / 4294967296.0 AS demo_bearing,
    ('x' || substr(md5(s.id::text || ':demo-distance'), 1, 8))::bit(32)::bigint / 4294967296.0 AS demo_distance,
    ('x' || substr(md5(s.id::text || ':bearing'), 1, 8))::bit(32)::bigint / 4294967296.0 AS bearing,
    ('x' || substr(md5(s.id::text || ':distance'), 1, 8))::bit(32)::bigint / 4294967296.0 AS distance
  FROM "spaces" s JOIN demo_places p ON p.place = lower(s.location)
  WHERE s.latitude IS NULL
),
-- destination(from, d km, bearing): the great-circle step of app/features/geo/coordinates.ts.
exact_step AS (
  SELECT id, bearing, distance, radians(lat) AS lat1, radians(lng) AS lng1,
    (0.5 + demo_distance * 3.5) / 6371.0088 AS d, demo_bearing * 2 * pi() AS theta
  FROM fractions
),
exact AS (
  SELECT id, bearing, distance, lat1, lng1, d, theta,
    asin(sin(lat1) * cos(d) + cos(lat1) * sin(d) * cos(theta)) AS lat2
  FROM exact_step
),
exact_point AS (
  SELECT id, bearing, distance,
    round(degrees(lat2)::numeric, 6)::double precision AS lat,
    round(degrees(lng1 + atan2(sin(theta) * sin(d) * cos(lat1), cos(d) - sin(lat1) * sin(lat2)))::numeric, 6)::double precision AS lng
  FROM exact
),
public_step AS (
  SELECT id, lat, lng, radians(lat) AS lat1, radians(lng) AS lng1,
    (0.3 + distance * 0.4) / 6371.0088 AS d, bearing * 2 * pi() AS theta
  FROM exact_point
),
public_lat AS (
  SELECT id, lat, lng, lat1, lng1, d, theta,
    asin(sin(lat1) * cos(d) + cos(lat1) * sin(d) * cos(theta)) AS lat2
  FROM public_step
)
UPDATE "spaces" s SET
  latitude = q.lat,
  longitude = q.lng,
  public_latitude = round(degrees(q.lat2)::numeric, 6)::double precision,
  public_longitude = round(degrees(q.lng1 + atan2(sin(q.theta) * sin(q.d) * cos(q.lat1), cos(q.d) - sin(q.lat1) * sin(q.lat2)))::numeric, 6)::double precision
FROM public_lat q
WHERE s.id = q.id;
