import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layer rule resolves imports to files (docs/decisions/0072-seeding-outside-app.md):
 * these fixtures are linted with the project's own eslint.config.js, as if they lived
 * at the given path, and must be refused — or accepted — whichever spelling they use.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "import-x/no-restricted-paths").map((message) => message.message);
}

describe("layer boundaries in eslint.config.js", () => {
  it("refuses seed/ from app/lib through a relative path, as db.server.ts used to import it", async () => {
    const errors = await layerErrors("app/lib/fixture.server.ts", 'export { seedIfEmpty } from "../../seed/seed.server";\n');
    expect(errors).toEqual([expect.stringContaining("app/ must not import seed/")]);
  });

  it("refuses seed/ and server/ from a route, relative or not", async () => {
    const errors = await layerErrors(
      "app/routes/home/fixture.ts",
      'import { seed } from "../../../seed/seed.server";\nimport { start } from "../../../server/app";\nexport { seed, start };\n',
    );
    expect(errors).toHaveLength(2);
  });

  it("refuses a route from a feature and a feature from lib, through ~/ or ../", async () => {
    expect(await layerErrors("app/features/hosting/fixture.ts", 'export { loader } from "../../routes/hosting/my-listings";\n')).toEqual([
      expect.stringContaining("Features must not import routes"),
    ]);
    expect(await layerErrors("app/lib/fixture.ts", 'export { cardBadge } from "~/features/listings/card";\n')).toEqual([
      expect.stringContaining("ui and lib import nothing domain-specific"),
    ]);
  });

  it("accepts the allowed directions", async () => {
    expect(await layerErrors("app/routes/home/fixture.ts", 'export { listingColumns } from "../../features/hosting/listing-form";\n')).toEqual([]);
    expect(await layerErrors("app/features/hosting/fixture.ts", 'export { RENTAL_TYPES } from "~/db/listing-enums";\n')).toEqual([]);
  });
});
