import { msg } from "@lingui/core/macro";
import { dictionary } from "@zxcvbn-ts/language-common";
import { translatable } from "~/features/i18n/translatable";
import { characterCount, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./credentials";
import { english, type Translate } from "~/features/i18n/translate";

/**
 * The rule for a new password (docs/product.md#sign-in): 8 to 128
 * characters and not one of the most common passwords. The list is zxcvbn-ts's common
 * password list (about 49 000 entries from leaked-password corpora), compared without
 * regard to case.
 */
const COMMON_PASSWORDS = new Set(dictionary["passwords-common"].map((password) => password.toLowerCase()));

/** Why a new password is refused, or null when it is acceptable; in `_`'s language. */
export function newPasswordProblem(password: string, _: Translate = english): string | null {
  const length = characterCount(password);
  if (length < MIN_PASSWORD_LENGTH) {
    return _(msg`Password must be at least ${MIN_PASSWORD_LENGTH} characters (it has ${length}).`);
  }
  if (length > MAX_PASSWORD_LENGTH) return _(translatable("Password must be at most 128 characters."));
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return _(translatable("This password is one of the most commonly used passwords, so it is easy to guess. Choose a less common one."));
  }
  if (new Set(password).size === 1) return _(translatable("Password must not be one character repeated."));
  return null;
}
