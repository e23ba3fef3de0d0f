import { cleanText } from "~/features/content/contact/contact-schema";
import { ERROR_TEXT } from "~/lib/messages";
import { z } from "~/lib/zod";

/** The longest message, in characters (the database checks it too). */
export const MESSAGE_MAX_LENGTH = 2000;

/** One schema for the message box (browser) and the send action (server), ADR 0060. */
export const messageSchema = z.object({
  body: z
    .string({ error: ERROR_TEXT.messageEmpty })
    .overwrite(cleanText)
    .trim()
    .min(1, ERROR_TEXT.messageEmpty)
    .max(MESSAGE_MAX_LENGTH, ERROR_TEXT.messageTooLong),
});

export type MessageInput = z.input<typeof messageSchema>;
