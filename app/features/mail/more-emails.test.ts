import { describe, expect, it } from "vitest";
import { SECURITY_TEXT } from "~/features/account-security/security-form";
import { DATA_EXPORT_MAIL } from "./more-emails.server";

describe("the data export's e-mail texts", () => {
  it("are the Security page's texts, so the catalog's ids match them", () => {
    expect(DATA_EXPORT_MAIL).toEqual({
      subject: SECURITY_TEXT.exportMailSubject,
      heading: SECURITY_TEXT.exportMailHeading,
      body: SECURITY_TEXT.exportMailBody,
      action: SECURITY_TEXT.exportDownload,
    });
  });
});
