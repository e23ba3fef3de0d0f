import type { MessageDescriptor } from "@lingui/core";
import { english, type Translate } from "~/features/i18n/translate";

/**
 * A refused upload: the message is shown to the uploader, the status is the HTTP answer.
 * `text` is the refusal as written (a `msg` with the file's name, or a `translatable()` text),
 * said in the uploader's language by the endpoint (`error.say(await requestTranslate(request))`);
 * `message` is its English, for the logs and the tests.
 */
export class UploadError extends Error {
  readonly text: MessageDescriptor | string;
  constructor(
    text: MessageDescriptor | string,
    readonly status = 400,
  ) {
    super(typeof text === "string" ? text : english(text));
    this.text = text;
    this.name = "UploadError";
  }

  /** The refusal in a language (the request's `Translate`). */
  say(_: Translate): string {
    return _(this.text);
  }
}
