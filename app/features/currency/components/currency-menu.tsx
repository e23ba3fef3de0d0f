import { Form, useLocation, useNavigation } from "react-router";
import { useTranslate } from "~/features/i18n/use-translate";
import { CURRENCIES, type Currency } from "~/db/listing-enums";
import { Button } from "~/ui/button";
import { Field } from "~/ui/field";
import { Select } from "~/ui/input";
import { CURRENCY_TEXT, currencyOptionLabel } from "../currency-text";

/**
 * The currency menu (issue #31 point 4, ADR 0292): a labelled select and a button posting
 * to /currency, which keeps the choice in a cookie and comes back to this page. Works
 * without JavaScript; with it, the page's loaders run again and the estimates appear. A
 * select offers only valid choices, so there is no browser-side check to run (the footer
 * carries no validator on every page's first load); the action checks the choice and
 * /currency shows its message next to the field.
 */
export function CurrencyMenu({
  selected,
  returnTo,
  error,
  variant = "footer",
}: {
  selected: Currency | null;
  /** Where to come back to; the current page by default. */
  returnTo?: string;
  error?: string | null;
  variant?: "footer" | "page";
}) {
  const _ = useTranslate();
  const location = useLocation();
  const navigation = useNavigation();
  const back = returnTo ?? `${location.pathname}${location.search}`;
  const pending = navigation.state === "submitting" && navigation.formAction === "/currency";
  const footer = variant === "footer";
  return (
    <Form method="post" action="/currency" className={footer ? "flex flex-wrap items-end gap-2" : "space-y-4"} aria-label={_(CURRENCY_TEXT.menuLabel)} data-testid="currency-menu">
      <input type="hidden" name="returnTo" value={back} />
      <Field label={_(CURRENCY_TEXT.menuLabel)} error={error} hint={footer ? undefined : _(CURRENCY_TEXT.menuHint)} className={footer ? "min-w-52" : undefined}>
        <Select name="currency" defaultValue={selected ?? ""} key={selected ?? ""}>
          <option value="">{_(CURRENCY_TEXT.listingsOwn)}</option>
          {CURRENCIES.map((currency) => (
            <option key={currency} value={currency}>
              {currencyOptionLabel(currency, _)}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" variant="secondary" size={footer ? "sm" : "md"} pending={pending} pendingText={_(CURRENCY_TEXT.applying)}>
        {_(CURRENCY_TEXT.apply)}
      </Button>
    </Form>
  );
}
