import { msg, plural } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { SlidersHorizontal } from "lucide-react";
import { useTranslate } from "~/features/i18n/use-translate";
import { formatMinorWhole } from "~/lib/money";
import { Field } from "~/ui/field";
import { Input, Select } from "~/ui/input";
import { cn } from "~/ui/cn";
import { toggleChipVariants } from "~/ui/toggle-chip";
import { SORTS, type ExploreFilters } from "../search-links";
import { LengthSelect, StartTimeSelect } from "./when-fields";

/** The /explore filters' choices, read by the loader (search.server.ts). */
export type FilterChoices = {
  amenities: string[];
  categories: {
    id: string;
    label: string;
    subcategories: { id: string; label: string }[];
  }[];
  histogram: { from: number; to: number; count: number }[];
};

const RENTAL_TYPE_LABELS: Record<
  "space" | "vehicle" | "equipment" | "service" | "experience",
  MessageDescriptor
> = {
  space: msg`Spaces`,
  vehicle: msg`Vehicles`,
  equipment: msg`Equipment`,
  service: msg`Services`,
  experience: msg`Experiences`,
};
const CURRENCY_CHOICES = [
  "USD",
  "EUR",
  "GBP",
  "JPY",
  "AUD",
  "CAD",
  "SGD",
  "KRW",
  "AED",
] as const;
const RATINGS = [3, 3.5, 4, 4.5] as const;

/**
 * When, guests and every filter of /explore (issue #27 points 1 and 2) as plain form
 * controls of the page's GET form: without JavaScript the form's button runs the
 * search; with it, each change does (explore.tsx), so the count follows the filters.
 */
export function ExploreFilterControls({
  filters,
  choices,
  today,
  price,
}: {
  filters: ExploreFilters;
  choices: FilterChoices;
  today: string;
  price: { min: number | null; max: number | null };
}) {
  const category = choices.categories.find(
    (row) => row.id === filters.category,
  );
  const _ = useTranslate();
  const priceFiltered = Boolean(
    filters.min ||
    filters.max ||
    filters.amenities.length ||
    filters.rental ||
    filters.category ||
    filters.rating ||
    filters.sort !== "relevance",
  );
  return (
    <>
      <fieldset className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-5">
        <legend className="px-1 text-sm font-semibold text-slate-800">
          {_(msg`When`)}
        </legend>
        <Field label={_(msg`Date`)} id="explore-date">
          <Input
            type="date"
            name="date"
            defaultValue={filters.date}
            min={today}
            key={`date-${filters.date}`}
          />
        </Field>
        <Field
          label={_(msg`Start time`)}
          id="explore-time"
          hint={_(msg`Any time: the first free hours`)}
        >
          <StartTimeSelect value={filters.time} />
        </Field>
        <Field label={_(msg`For`)} id="explore-hours">
          <LengthSelect value={filters.hours} />
        </Field>
        <Field
          label={_(msg`Until (by the day)`)}
          id="explore-end"
          hint={_(msg`A date range instead of hours`)}
        >
          <Input
            type="date"
            name="end"
            defaultValue={filters.end}
            min={filters.date || today}
            key={`end-${filters.end}`}
          />
        </Field>
        <Field label={_(msg`Guests`)} id="explore-guests">
          <Input
            type="number"
            name="guests"
            inputMode="numeric"
            min={1}
            max={1000}
            step={1}
            defaultValue={filters.guests ?? ""}
            placeholder={_(msg`Any`)}
            key={`guests-${filters.guests}`}
          />
        </Field>
      </fieldset>

      <details
        className="group rounded-xl border border-slate-200 bg-white"
        open={priceFiltered}
      >
        <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {_(msg`Filters and sort`)}
        </summary>
        <div className="grid gap-4 border-t border-slate-200 p-4 md:grid-cols-2">
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium text-slate-800">
              {filters.date && filters.end
                ? _(msg`Price per day`)
                : _(msg`Price per hour`)}
            </legend>
            <PriceHistogram
              buckets={choices.histogram}
              currency={filters.currency}
              bounds={price}
            />
            <div className="mt-2 grid grid-cols-3 gap-2">
              <Field label={_(msg`Minimum`)} id="explore-min">
                <Input
                  name="min"
                  inputMode="decimal"
                  defaultValue={filters.min}
                  placeholder="0"
                  key={`min-${filters.min}`}
                />
              </Field>
              <Field label={_(msg`Maximum`)} id="explore-max">
                <Input
                  name="max"
                  inputMode="decimal"
                  defaultValue={filters.max}
                  placeholder={_(msg`Any`)}
                  key={`max-${filters.max}`}
                />
              </Field>
              <Field label={_(msg`Currency`)} id="explore-currency">
                <Select
                  name="currency"
                  defaultValue={filters.currency}
                  key={`currency-${filters.currency}`}
                >
                  {CURRENCY_CHOICES.map((code) => (
                    <option key={code} value={code}>
                      {code}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
          </fieldset>

          <div className="grid grid-cols-2 content-start gap-3">
            <Field label={_(msg`Rental type`)} id="explore-rental">
              <Select
                name="rental"
                defaultValue={filters.rental}
                key={`rental-${filters.rental}`}
              >
                <option value="">{_(msg`Any type`)}</option>
                {Object.entries(RENTAL_TYPE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {_(label)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={_(msg`Rating`)} id="explore-rating">
              <Select
                name="rating"
                defaultValue={filters.rating ?? ""}
                key={`rating-${filters.rating}`}
              >
                <option value="">{_(msg`Any rating`)}</option>
                {RATINGS.map((rating) => (
                  <option key={rating} value={rating}>
                    {_(msg`${rating}+ stars`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={_(msg`Rental category`)} id="explore-category">
              <Select
                name="category"
                defaultValue={filters.category}
                key={`category-${filters.category}`}
              >
                <option value="">{_(msg`Any category`)}</option>
                {choices.categories.map((row) => (
                  <option key={row.id} value={row.id}>
                    {row.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={_(msg`Subcategory`)} id="explore-sub">
              <Select
                name="sub"
                defaultValue={filters.sub}
                disabled={!category}
                key={`sub-${filters.category}-${filters.sub}`}
              >
                <option value="">
                  {category
                    ? _(msg`Any subcategory`)
                    : _(msg`Pick a category first`)}
                </option>
                {category?.subcategories.map((row) => (
                  <option key={row.id} value={row.id}>
                    {row.label}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label={_(msg`Sort by`)}
              id="explore-sort"
              className="col-span-2"
            >
              <Select
                name="sort"
                defaultValue={filters.sort}
                key={`sort-${filters.sort}`}
              >
                {Object.entries(SORTS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {_(label)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>

          {choices.amenities.length > 0 && (
            <fieldset className="md:col-span-2">
              <legend className="text-sm font-medium text-slate-800">
                {_(msg`Amenities`)}
              </legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {[...new Set([...choices.amenities, ...filters.amenities])].map(
                  (amenity) => {
                    const checked = filters.amenities.includes(amenity);
                    return (
                      <label
                        key={amenity}
                        className={cn(
                          toggleChipVariants({ selected: checked, size: "sm" }),
                          "cursor-pointer font-normal has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
                        )}
                      >
                        <input
                          type="checkbox"
                          name="amenity"
                          value={amenity}
                          defaultChecked={checked}
                          key={`${amenity}-${checked}`}
                          className="sr-only"
                        />
                        {amenity}
                      </label>
                    );
                  },
                )}
              </div>
            </fieldset>
          )}
        </div>
      </details>
    </>
  );
}

/** Bars of how many listings cost what (peers show one above the price range); the chosen range is dark. */
function PriceHistogram({
  buckets,
  currency,
  bounds,
}: {
  buckets: FilterChoices["histogram"];
  currency: string;
  bounds: { min: number | null; max: number | null };
}) {
  const _ = useTranslate();
  if (buckets.length === 0) return null;
  const tallest = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  const low = bounds.min ?? 0;
  const high = bounds.max ?? Number.MAX_SAFE_INTEGER;
  const lowest = formatMinorWhole(0, currency);
  const highest = formatMinorWhole(buckets.at(-1)!.to, currency);
  return (
    <figure className="mt-2">
      <div
        className="flex h-14 items-end gap-0.5"
        aria-hidden="true"
        data-testid="price-histogram"
      >
        {buckets.map((bucket) => (
          <div
            key={bucket.from}
            className={cn(
              "flex-1 rounded-t-sm",
              bucket.to > low && bucket.from <= high
                ? "bg-brand-600"
                : "bg-slate-300",
            )}
            style={{
              height: `${Math.max(4, (bucket.count / tallest) * 100)}%`,
            }}
            title={`${formatMinorWhole(bucket.from, currency)}–${formatMinorWhole(bucket.to, currency)}: ${bucket.count}`}
          />
        ))}
      </div>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{formatMinorWhole(0, currency)}</span>
        <span className="sr-only">
          {_(
            msg`${plural(total, { one: "# listing", other: "# listings" })} priced from ${lowest} to ${highest}`,
          )}
        </span>
        <span>{formatMinorWhole(buckets.at(-1)!.to, currency)}+</span>
      </figcaption>
    </figure>
  );
}

/** "12 spaces", "1 space", "About 40 spaces", "100+ spaces", in the page's language (its `_` and locale). */
export function resultCountText(
  count: { value: number; capped: boolean; exact: boolean },
  _: (text: MessageDescriptor) => string,
  locale: string,
) {
  const n = count.value;
  if (count.capped) {
    const value = n.toLocaleString(locale);
    return _(msg`${value}+ spaces`);
  }
  return count.exact
    ? _(msg`${plural(n, { one: "# space", other: "# spaces" })}`)
    : _(msg`About ${plural(n, { one: "# space", other: "# spaces" })}`);
}
