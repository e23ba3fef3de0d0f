-- Prices in the guest's currency (issue #31 point 4, docs/decisions/0292-exchange-rates-and-display-currency.md):
-- the latest ECB rate per currency (units per 1 euro, exact decimal), the day it was published
-- for and when it was stored. The euro is the base and has no row.
CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"rate" numeric(24, 12) NOT NULL,
	"rate_date" date NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_check" CHECK ("exchange_rates"."currency" ~ '^[A-Z]{3}$' and "exchange_rates"."currency" <> 'EUR'),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0)
);
