import { describe, expect, it } from "vitest";
import { readToast, redirectWithToast } from "./flash.server";

const cookieFrom = (response: Response) => response.headers.getSetCookie().find((value) => value.startsWith("rw_flash="))!.split(";")[0]!;
const requestWith = (cookie: string) => new Request("http://localhost/my-listings", { headers: { cookie } });

describe("flash messages", () => {
  it("a redirect carries the toast in a signed, short-lived, HttpOnly cookie, not in the URL", async () => {
    const response = await redirectWithToast("/my-listings", { tone: "success", message: "Listing saved." });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/my-listings");
    const header = response.headers.getSetCookie().find((value) => value.startsWith("rw_flash="))!;
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Max-Age=60/);
    expect(header).toMatch(/SameSite=Lax/i);
  });

  it("the next page reads it once and clears it", async () => {
    const cookie = cookieFrom(await redirectWithToast("/my-listings", { tone: "error", message: "Failed to fetch listing" }));
    const { toast, headers } = await readToast(requestWith(cookie));
    expect(toast).toEqual({ tone: "error", message: "Failed to fetch listing" });
    expect(headers.getSetCookie()[0]).toMatch(/^rw_flash=; .*Max-Age=0/);
  });

  it("a forged or tampered cookie, or none, reads as no toast", async () => {
    const cookie = cookieFrom(await redirectWithToast("/", { tone: "success", message: "Saved" }));
    const [name, value] = cookie.split("=") as [string, string];
    const forged = `${name}=${Buffer.from(JSON.stringify({ tone: "error", message: "You have been hacked" })).toString("base64")}`;
    expect((await readToast(requestWith(forged))).toast).toBeNull();
    expect((await readToast(requestWith(`${name}=${value.slice(0, -4)}AAAA`))).toast).toBeNull();
    const none = await readToast(new Request("http://localhost/"));
    expect(none.toast).toBeNull();
    expect(none.headers.getSetCookie()).toEqual([]);
  });
});
