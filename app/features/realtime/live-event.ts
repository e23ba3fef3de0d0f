import { z } from "~/lib/zod";

/**
 * The topics a browser can subscribe to on /api/live (spec §4 live updates).
 * `availability`: a space's calendar changed (booked, held, cancelled, expired);
 * `id` and `spaceId` are the space's id.
 */
export const LIVE_TOPICS = ["spaces", "space_types", "availability"] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export type LiveEvent = {
  topic: LiveTopic;
  op: "INSERT" | "UPDATE" | "DELETE";
  id: string;
  name?: string;
  label?: string;
  spaceId?: string;
};

/** NOTIFY channel (migration 0002) for each topic. */
export const CHANNEL_OF_TOPIC: Record<LiveTopic, string> = {
  spaces: "spaces_changed",
  space_types: "space_types_changed",
  availability: "availability_changed",
};

const payloadSchema = z.object({
  op: z.enum(["INSERT", "UPDATE", "DELETE"]),
  id: z.string().min(1).max(100),
  name: z.string().max(200).optional(),
  label: z.string().max(200).optional(),
  spaceId: z.string().max(100).optional(),
});

/** Turns a NOTIFY payload into an event; null when it is not one of ours. */
export function parseNotification(topic: LiveTopic, payload: string): LiveEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) return null;
  return { topic, ...parsed.data };
}

/** Topics a stream gets when it names none: availability only goes to the pages that ask for it. */
const DEFAULT_TOPICS: LiveTopic[] = ["spaces", "space_types"];

/** `?topics=spaces,space_types,availability` → the known topics asked for (spaces and space types when none are valid). */
export function parseTopics(value: string | null): LiveTopic[] {
  const asked = (value ?? "")
    .split(",")
    .map((topic) => topic.trim())
    .filter((topic): topic is LiveTopic => (LIVE_TOPICS as readonly string[]).includes(topic));
  return asked.length > 0 ? [...new Set(asked)] : [...DEFAULT_TOPICS];
}

/** One Server-Sent Events frame. */
export function sseFrame(event: LiveEvent): string {
  return `event: ${event.topic}\ndata: ${JSON.stringify(event)}\n\n`;
}
