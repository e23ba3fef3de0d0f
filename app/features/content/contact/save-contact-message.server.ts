import { isIP } from "node:net";
import { contactMessages } from "~/db/schema/content";
import type { Db } from "~/lib/db.server";
import type { ContactInput } from "./contact-schema";

/** Stores a contact-form submission for the team (read later in the admin view). */
export async function saveContactMessage(db: Db, input: ContactInput & { ip: string }) {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, ip: isIP(input.ip) ? input.ip : null })
    .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
  return row!;
}
