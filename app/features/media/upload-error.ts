/** A refused upload: the message is shown to the uploader, the status is the HTTP answer. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = "UploadError";
  }
}
