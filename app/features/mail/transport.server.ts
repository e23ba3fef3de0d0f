import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "~/lib/env.server";

/** One e-mail as the job hands it to the transport. */
export type OutgoingEmail = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
};

export type MailTransport = { send(email: OutgoingEmail): Promise<void> };

/** What the file transport writes beside each .eml so /dev/mail can list it without a MIME parser. */
export type MailFileSummary = { file: string; id: string; kind: string; to: string; subject: string; text: string; writtenAt: string };

export function mailDirectory(): string {
  return path.join(env().dataDir, "mail");
}

function message(email: OutgoingEmail, from: string) {
  return {
    from,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    headers: email.headers,
    messageId: `<${email.id}@rentwell>`,
  };
}

/** Sends through an SMTP server (nodemailer; ADR 0170). */
export function smtpTransport(url: string, from = env().MAIL_FROM): MailTransport {
  const transporter = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  return {
    async send(email) {
      await transporter.sendMail(message(email, from));
    },
  };
}

/** Writes each e-mail as an .eml file (and a .json summary) under `directory`. */
export function fileTransport(directory = mailDirectory(), from = env().MAIL_FROM): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(email) {
      const info = await transporter.sendMail(message(email, from));
      await fs.mkdir(directory, { recursive: true });
      const writtenAt = new Date();
      const base = `${writtenAt.toISOString().replace(/[:.]/g, "-")}-${email.id}`;
      const summary: MailFileSummary = { file: `${base}.eml`, id: email.id, kind: email.kind, to: email.to, subject: email.subject, text: email.text, writtenAt: writtenAt.toISOString() };
      await fs.writeFile(path.join(directory, `${base}.eml`), info.message as Buffer);
      await fs.writeFile(path.join(directory, `${base}.json`), JSON.stringify(summary));
    },
  };
}

let cached: MailTransport | undefined;

/** SMTP when SMTP_URL is set, else .eml files under DATA_DIR/mail. */
export function mailTransport(): MailTransport {
  cached ??= env().SMTP_URL ? smtpTransport(env().SMTP_URL!) : fileTransport();
  return cached;
}
