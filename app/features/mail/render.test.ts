import { describe, expect, it } from "vitest";
import { escapeHtml, oneLine, renderEmail } from "./render";

describe("renderEmail", () => {
  it("builds a plain-text and an HTML part from the same content, escaping every text in HTML", () => {
    const email = renderEmail({
      subject: "Booking\r\nBcc: evil@example.com",
      heading: "Hi <script>alert(1)</script>",
      paragraphs: ["Tom & Jerry's \"loft\""],
      details: [{ label: "Total", value: "$12.00" }],
      action: { label: "Open", url: "https://rentwell.test/a?b=1&c=<2>" },
      footer: "Footer",
    });
    expect(email.subject).toBe("Booking Bcc: evil@example.com");
    expect(email.text).toBe(
      ["Hi <script>alert(1)</script>", "", "Tom & Jerry's \"loft\"", "", "Total: $12.00", "", "Open: https://rentwell.test/a?b=1&c=<2>", "", "— Rentwell", "", "Footer"].join("\n"),
    );
    expect(email.html).toContain("<h1 style=\"font-size:20px\">Hi &lt;script&gt;alert(1)&lt;/script&gt;</h1>");
    expect(email.html).toContain("<p>Tom &amp; Jerry&#39;s &quot;loft&quot;</p>");
    expect(email.html).toContain('href="https://rentwell.test/a?b=1&amp;c=&lt;2&gt;"');
    expect(email.html).not.toContain("<script>");
  });

  it("escapes the five HTML characters and keeps header values on one line", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    expect(oneLine("a\nb\tc", 200)).toBe("a b c");
    expect(oneLine("x".repeat(300), 10)).toHaveLength(10);
  });

  it("marks an e-mail in another language with it, right to left for Arabic (ADR 0296); English as before", () => {
    const content = { subject: "s", heading: "h", paragraphs: ["p"], details: [{ label: "l", value: "v" }] };
    const arabic = renderEmail({ ...content, locale: "ar" });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl"><body dir="rtl"');
    expect(arabic.html).toContain('<td style="padding-left:12px;color:#475569">');
    expect(renderEmail({ ...content, locale: "es" }).html).toContain('<html lang="es" dir="ltr"><body dir="ltr"');
    const english = renderEmail(content);
    expect(english.html.startsWith('<!doctype html><html><body style="font-family:Arial')).toBe(true);
    expect(renderEmail({ ...content, locale: "en" })).toEqual(english);
  });
});
