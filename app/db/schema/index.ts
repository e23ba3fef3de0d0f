export * from "./auth";
export * from "./profiles";
export * from "./catalog";
export * from "./listings";
export * from "./bookings";
export * from "./content";
export * from "./media";
export * from "./payouts";
