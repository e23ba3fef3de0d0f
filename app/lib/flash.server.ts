import { createCookie, redirect } from "react-router";
import { env } from "./env.server";

/**
 * Flash messages (a toast on the next page) carried in a signed, short-lived cookie
 * instead of the URL: a redirect after a save sets it, the next page's root loader
 * reads it once and clears it, so a refresh or a shared link never repeats it.
 */
export type Toast = { tone: "success" | "error" | "info"; message: string };

const MAX_AGE_SECONDS = 60;

function flashCookie() {
  const settings = env();
  return createCookie("rw_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: MAX_AGE_SECONDS,
    secure: settings.isProduction,
    secrets: [settings.SESSION_SECRET],
  });
}

function isToast(value: unknown): value is Toast {
  if (!value || typeof value !== "object") return false;
  const { tone, message } = value as Record<string, unknown>;
  return (tone === "success" || tone === "error" || tone === "info") && typeof message === "string" && message.length > 0;
}

/** The Set-Cookie header value that shows `toast` on the next page. */
export async function toastCookie(toast: Toast): Promise<string> {
  return flashCookie().serialize(toast);
}

/** A redirect that shows `toast` on the page it leads to. */
export async function redirectWithToast(url: string, toast: Toast, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/**
 * The waiting toast, if any, and the header that clears it (send it with the response,
 * or the toast shows again on the next page). A forged or expired cookie reads as none.
 */
export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("rw_flash=")) return { toast: null, headers };
  const cookie = flashCookie();
  const value: unknown = await cookie.parse(cookieHeader).catch(() => null);
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0, expires: new Date(0) }));
  return { toast: isToast(value) ? { tone: value.tone, message: value.message } : null, headers };
}
