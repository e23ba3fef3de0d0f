// `npx tsx scripts/booking-process-doc.ts`: writes the booking process's state diagram
// and transition table, rendered from app/features/bookings/process.ts, into
// docs/product.md between its booking-process markers (issue #25). The test
// app/features/bookings/process.test.ts fails when the two differ.
import fs from "node:fs";
import path from "node:path";
import { processDocSection, withProcessDocSection } from "../app/features/bookings/process-doc";

const file = path.resolve(import.meta.dirname, "../docs/product.md");
const before = fs.readFileSync(file, "utf8");
const after = withProcessDocSection(before, processDocSection());
if (after === before) console.log("docs/product.md: the booking process is up to date.");
else {
  fs.writeFileSync(file, after);
  console.log("docs/product.md: the booking process section was rewritten.");
}
