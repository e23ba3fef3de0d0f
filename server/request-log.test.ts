import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import { logger } from "~/lib/logger.server";
import { requestLog } from "./request-log";

/** The request log never writes a calendar feed's secret (ADR 0203). */
describe("requestLog", () => {
  it("logs a calendar feed's path without its token", () => {
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    vi.spyOn(logger, "isLevelEnabled").mockReturnValue(true);
    const res = Object.assign(new EventEmitter(), { statusCode: 200, setHeader: () => undefined });
    const req = { url: "/api/spaces/0b6f7c1e-1111-4222-8333-944445555666/calendar/Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXhx.ics", method: "GET", headers: {} };
    requestLog(req as never, res as never, () => undefined);
    res.emit("finish");
    const [line, message] = info.mock.calls[0] as unknown as [{ req: { path: string } }, string];
    expect(line.req.path).toBe("/api/spaces/0b6f7c1e-1111-4222-8333-944445555666/calendar/[redacted].ics");
    expect(message).not.toContain("Zm9vYmFy");
    vi.restoreAllMocks();
  });
});
