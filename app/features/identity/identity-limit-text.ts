import { msg } from "@lingui/core/macro";
import { english, type Say } from "~/features/auth/say";

/** The identity uploads' rate limit, with the wait in words, in the request's language. */
export function identityUploadsTooMany(wait: string, _: Say = english): string {
  return _(msg`Too many uploads. Please try again in ${wait}.`);
}
