import type { Point } from "./coordinates";

/** One pin of the explore map: a listing's public point, its headline price and its page. */
export type MapPinData = { id: string; title: string; lat: number; lng: number; price: string; href: string };

/** What /api/map-pins answers. */
export type PinsAnswer = { pins: MapPinData[]; problems: string[]; center: Point | null };
