import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boxAround, destination, distanceKm, inBounds, parseBounds, parseCoordinate, PUBLIC_OFFSET_M, wrapLng } from "./coordinates";
import { publicPoint } from "./listing-point.server";

const point = fc.record({ lat: fc.double({ min: -85, max: 85, noNaN: true }), lng: fc.double({ min: -180, max: 180, noNaN: true }) });

describe("the public point (ADR 0221)", () => {
  it("is 300–700 m from the exact point, the same every time for one listing", () => {
    fc.assert(
      fc.property(fc.uuid(), point, (id, exact) => {
        const shown = publicPoint(id, exact);
        const meters = distanceKm(exact, shown) * 1000;
        expect(meters).toBeGreaterThanOrEqual(PUBLIC_OFFSET_M.min - 1);
        expect(meters).toBeLessThanOrEqual(PUBLIC_OFFSET_M.max + 1);
        expect(publicPoint(id, exact)).toEqual(shown);
      }),
    );
  });
});

describe("a circle's box", () => {
  it("contains every point of the circle, across the antimeridian too", () => {
    fc.assert(
      fc.property(point, fc.double({ min: 1, max: 500, noNaN: true }), fc.double({ min: 0, max: 0.999, noNaN: true }), fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }), (center, radius, fraction, bearing) => {
        const inside = destination(center, radius * 1000 * fraction, bearing);
        const box = boxAround(center, radius);
        expect(inside.lat).toBeGreaterThanOrEqual(box.south - 1e-9);
        expect(inside.lat).toBeLessThanOrEqual(box.north + 1e-9);
        if (!box.allLongitudes) expect(inBounds(inside, { west: box.west - 1e-9, east: box.east + 1e-9, south: -90, north: 90 })).toBe(true);
      }),
    );
  });
});

describe("reading coordinates and bounds", () => {
  it("accepts plain decimals within range only", () => {
    expect(parseCoordinate("41.88", 90)).toBe(41.88);
    expect(parseCoordinate("-180", 180)).toBe(-180);
    for (const bad of ["91", "1e1", "0x10", "Infinity", "NaN", "", " ", "12,5", "180.0001"]) expect(parseCoordinate(bad, bad === "180.0001" ? 180 : 90)).toBeNull();
  });

  it("reads bounds, including ones that cross the antimeridian, and refuses broken ones", () => {
    expect(parseBounds("170,-30,-170,-10")).toEqual({ west: 170, south: -30, east: -170, north: -10 });
    expect(inBounds({ lat: -20, lng: 179 }, parseBounds("170,-30,-170,-10")!)).toBe(true);
    expect(inBounds({ lat: -20, lng: -175 }, parseBounds("170,-30,-170,-10")!)).toBe(true);
    expect(inBounds({ lat: -20, lng: 0 }, parseBounds("170,-30,-170,-10")!)).toBe(false);
    for (const bad of ["", "1,2,3", "0,10,10,5", "0,-91,10,5", "0,0,0,5", "a,b,c,d", "0,0,181,5"]) expect(parseBounds(bad)).toBeNull();
  });

  it("folds longitudes into -180..180", () => {
    expect(wrapLng(190)).toBe(-170);
    expect(wrapLng(-190)).toBe(170);
    expect(wrapLng(180)).toBe(180);
    expect(wrapLng(540)).toBe(180);
  });
});
