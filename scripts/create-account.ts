// `npx tsx scripts/create-account.ts <e-mail>`: creates an account, or sets a new password
// for an existing one (ending its sessions). The way to create the account of an
// ADMIN_EMAILS address, which self-service sign-up refuses (docs/decisions/0014-admin-role.md).
// The password comes from ACCOUNT_PASSWORD, else it is asked for without being echoed.
import readline from "node:readline";
import { createOrResetAccount } from "~/features/auth/accounts.server";
import { markEmailVerified } from "~/features/auth/email-verification.server";
import { openConfiguredDatabase } from "~/lib/db.server";
import { env } from "~/lib/env.server";

function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput(text: string): void };
  let asked = false;
  output._writeToOutput = (text: string) => {
    if (!asked) {
      process.stdout.write(text);
      asked = true;
    }
  };
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write("\n");
      resolve(answer);
    }),
  );
}

const email = process.argv[2];
if (!email) {
  console.error("Usage: npx tsx scripts/create-account.ts <e-mail>   (password from ACCOUNT_PASSWORD or a prompt)");
  process.exit(2);
}
const password = process.env.ACCOUNT_PASSWORD ?? (await askHidden(`Password for ${email}: `));

const settings = env();
const database = await openConfiguredDatabase();
try {
  const result = await createOrResetAccount(database.db, { email, password });
  if (!result.ok) {
    console.error(result.error);
    process.exitCode = 1;
  } else {
    // The operator vouches for the address (ADR 0241): it counts as verified.
    await markEmailVerified(database.db, result.userId);
    const admin = settings.ADMIN_EMAILS.includes(email.trim().toLowerCase()) ? " (an admin: listed in ADMIN_EMAILS)" : "";
    console.log(result.created ? `Account created for ${email}${admin}.` : `New password set for ${email}${admin}; its sessions were ended.`);
  }
} finally {
  await database.close();
}
