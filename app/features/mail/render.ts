import { DEFAULT_LOCALE, textDirection, type Locale } from "~/lib/locales";

/**
 * E-mail bodies: one plain-text and one HTML part from the same content. Every piece
 * of text is escaped in the HTML part, so a listing title or a message with markup
 * shows as text (ADR 0170).
 */
export type EmailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** Label/value lines such as "Total: $12.00". */
  details?: { label: string; value: string }[];
  action?: { label: string; url: string };
  footer?: string;
  /** The recipient's language (ADR 0296): `<html lang>`, and `dir="rtl"` for Arabic. English when absent. */
  locale?: Locale;
};

export type RenderedEmail = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Header values stay on one line (no header injection through a title). */
export function oneLine(value: string, max = 200): string {
  const flat = value.replace(/[\r\n\t]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const details = content.details ?? [];
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...details.map(({ label, value }) => `${label}: ${value}`),
    ...(details.length > 0 ? [""] : []),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    "— Rentwell",
    ...(content.footer ? ["", content.footer] : []),
  ].join("\n");
  const locale = content.locale ?? DEFAULT_LOCALE;
  const rtl = textDirection(locale) === "rtl";
  const html = [
    locale === DEFAULT_LOCALE
      ? '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">'
      : `<!doctype html><html lang="${locale}" dir="${textDirection(locale)}"><body dir="${textDirection(locale)}" style="font-family:Arial,Helvetica,sans-serif;color:#0f172a;line-height:1.5">`,
    `<h1 style="font-size:20px">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    details.length > 0
      ? `<table role="presentation">${details.map(({ label, value }) => `<tr><td style="${rtl ? "padding-left" : "padding-right"}:12px;color:#475569">${escapeHtml(label)}</td><td><strong>${escapeHtml(value)}</strong></td></tr>`).join("")}</table>`
      : "",
    content.action ? `<p><a href="${escapeHtml(content.action.url)}" style="color:#4f46e5">${escapeHtml(content.action.label)}</a></p>` : "",
    "<p>— Rentwell</p>",
    content.footer ? `<p style="font-size:12px;color:#64748b">${escapeHtml(content.footer)}</p>` : "",
    "</body></html>",
  ].join("");
  return { subject: oneLine(content.subject), text, html };
}
