import { translate } from "~/features/i18n/i18n";
import { requestI18n } from "~/features/i18n/request-i18n.server";
import type { Say } from "./say";

/** The request's language as a `Say`, for the server's messages with values (ADR 0294). */
export async function requestSay(request: Request): Promise<Say> {
  const i18n = await requestI18n(request);
  return (text) => translate(i18n, text);
}
