import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HANDLED_EVENTS } from "./stripe-webhooks.server";

/** The README tells an operator which events to subscribe the webhook endpoint to: every one the handler handles. */
describe("Stripe webhook events", () => {
  it("are all listed in the README's Stripe section", () => {
    const readme = fs.readFileSync(path.join(process.cwd(), "README.md"), "utf8");
    for (const event of HANDLED_EVENTS) expect(readme).toContain(`\`${event}\``);
  });
});
