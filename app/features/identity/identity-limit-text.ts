import { msg } from "@lingui/core/macro";
import { english, type Translate } from "~/features/i18n/translate";

/** The identity uploads' rate limit, with the wait in words, in the request's language. */
export function identityUploadsTooMany(wait: string, _: Translate = english): string {
  return _(msg`Too many uploads. Please try again in ${wait}.`);
}
