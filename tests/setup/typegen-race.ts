import path from "node:path";

/**
 * React Router's Vite plugin rewrites the route types (.react-router/types) whenever a dev
 * server starts, without waiting for or catching the write; servers starting at once (two
 * test workers' HTTP tests, the broker test's two processes) race on that folder: one's
 * write finds it just removed by another. The types are for the editor and tsc, not for
 * what the tests serve, so that failure — and only that one — is let go.
 */
export function isRouteTypegenRace(error: unknown): boolean {
  const file = (error as NodeJS.ErrnoException | undefined)?.path ?? "";
  const folder = `${path.sep}.react-router${path.sep}types`;
  return file.includes(`${folder}${path.sep}`) || file.endsWith(folder);
}
