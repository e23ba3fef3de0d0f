import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";

export const spaceTypes = pgTable("space_types", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  label: text("label").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const rentalCategories = pgTable(
  "rental_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull().unique(),
    label: text("label").notNull(),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [index("rental_categories_order_idx").on(t.isActive, t.displayOrder)],
);

export const rentalSubcategories = pgTable(
  "rental_subcategories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => rentalCategories.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    label: text("label").notNull(),
    displayOrder: integer("display_order").notNull().default(0),
  },
  (t) => [unique("rental_subcategories_category_name_key").on(t.categoryId, t.name)],
);

export type CityHighlight = { title: string; description: string };
export type PopularArea = { name: string; image: string; description: string };

/** Every city page's content: the 20 catch-all slugs and the fixed US city routes. */
export const cities = pgTable("cities", {
  slug: text("slug").primaryKey(),
  name: text("name").notNull(),
  state: text("state"),
  country: text("country").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  heroImage: text("hero_image").notNull(),
  seoTitle: text("seo_title").notNull(),
  metaDescription: text("meta_description").notNull(),
  metaKeywords: text("meta_keywords").array().notNull().default([]),
  highlights: jsonb("highlights").$type<CityHighlight[]>().notNull().default([]),
  popularAreas: jsonb("popular_areas").$type<PopularArea[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
