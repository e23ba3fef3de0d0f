import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The docs stand alone (docs/decisions/0073-product-reference-and-adr-format.md): every
 * ADR is indexed and has its three sections, nothing cites documents that are not in
 * the repository, and every docs/product.md#anchor reference lands on an anchor.
 */

const ROOT = process.cwd();
const DECISIONS = path.join(ROOT, "docs/decisions");
const SCANNED_DIRS = ["app", "server", "seed", "scripts", "tests", "bench", "docs", ".ci"];
const ROOT_FILES = ["README.md", "eslint.config.js", "vite.config.ts", "vitest.config.ts", "playwright.config.ts", "react-router.config.ts", "drizzle.config.ts"];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|css|sql|yml|yaml|sh)$|^run$/;
const SKIPPED = new Set(["node_modules", "build", ".react-router", "data", "test-results", "playwright-report", "results"]);

// Built from parts so this file does not match its own patterns.
const SPEC_SECTION = new RegExp(["spec", "\\s*", "\u00a7"].join(""), "i");
const DESIGN_FILE = new RegExp(["DESIGN", "\\.md"].join(""));

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (TEXT.test(entry.name)) out.push(full);
  }
  return out;
}

const files = [...SCANNED_DIRS.flatMap((dir) => walk(path.join(ROOT, dir))), ...ROOT_FILES.map((file) => path.join(ROOT, file)).filter(fs.existsSync)];
const rel = (file: string) => path.relative(ROOT, file);

const adrFiles = fs.readdirSync(DECISIONS).filter((name) => /^\d{4}-.+\.md$/.test(name)).sort();
const index = fs.readFileSync(path.join(DECISIONS, "README.md"), "utf8");

describe("architecture decision records", () => {
  it("are all listed in docs/decisions/README.md", () => {
    const missing = adrFiles.filter((name) => !index.includes(`(${name})`));
    expect(missing, "ADRs missing from the index in docs/decisions/README.md").toEqual([]);
  });

  it("list no file that does not exist", () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((match) => match[1]!);
    expect(linked.filter((name) => !adrFiles.includes(name))).toEqual([]);
  });

  it.each(adrFiles)("%s has Context, Decision and Consequences sections", (name) => {
    const text = fs.readFileSync(path.join(DECISIONS, name), "utf8");
    const missing = ["Context", "Decision", "Consequences"].filter((section) => !new RegExp(`^## ${section}\\s*$`, "m").test(text));
    expect(missing, `${name} lacks sections`).toEqual([]);
  });

  it("has a template with the three sections", () => {
    const template = fs.readFileSync(path.join(DECISIONS, "template.md"), "utf8");
    for (const section of ["Context", "Decision", "Consequences"]) expect(template).toMatch(new RegExp(`^## ${section}$`, "m"));
  });
});

describe("references", () => {
  it("scans the code, tests and docs (sanity: this file and the product doc are among them)", () => {
    expect(files.map(rel)).toEqual(expect.arrayContaining(["scripts/docs.test.ts", "docs/product.md", "app/root.tsx"]));
  });

  it("never cite the external specification's sections or the external design file", () => {
    const offenders = files.flatMap((file) =>
      fs
        .readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) => (SPEC_SECTION.test(line) || DESIGN_FILE.test(line) ? [`${rel(file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders, "point these at docs/product.md#… or docs/decisions/ instead").toEqual([]);
  });

  it("to docs/product.md#anchor land on an anchor that exists", () => {
    const product = fs.readFileSync(path.join(ROOT, "docs/product.md"), "utf8");
    const anchors = new Set([...product.matchAll(/<a id="([a-z0-9-]+)"><\/a>/g)].map((match) => match[1]!));
    expect(anchors.size).toBeGreaterThan(30);
    const broken = files.flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/product\.md#([a-z0-9-]+)/g)]
        .filter((match) => match[1] !== "anchor" /* the placeholder in how-to texts */ && !anchors.has(match[1]!))
        .map((match) => `${rel(file)}: #${match[1]}`),
    );
    const internal = [...product.matchAll(/\]\(#([a-z0-9-]+)\)/g)].filter((match) => !anchors.has(match[1]!)).map((match) => `docs/product.md: #${match[1]}`);
    expect([...broken, ...internal]).toEqual([]);
  });
});
