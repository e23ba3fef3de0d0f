import { z } from "~/lib/zod";

/**
 * The topics a browser can subscribe to on /api/live (docs/product.md#live-updates).
 * `availability`: a space's calendar changed (booked, held, cancelled, expired);
 * `id` and `spaceId` are the space's id.
 * `messages`: a message was sent in a conversation (`id` the message, `conversationId`);
 * only the conversation's two participants receive it (docs/decisions/0160-guest-host-messages.md).
 */
export const LIVE_TOPICS = ["spaces", "space_types", "availability", "messages"] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export type LiveEvent = {
  topic: LiveTopic;
  op: "INSERT" | "UPDATE" | "DELETE";
  id: string;
  name?: string;
  label?: string;
  spaceId?: string;
  /** spaces: whether a visitor could see the listing before or after the change (migration 0006). */
  visible?: boolean;
  /** spaces: the listing's owner, who also sees changes to drafts. Never sent to browsers. */
  owner?: string;
  /** messages: the conversation the message belongs to. */
  conversationId?: string;
  /** messages: the only users who may receive the event. Never sent to browsers. */
  participants?: string[];
};

/** NOTIFY channel (migration 0002) for each topic. */
export const CHANNEL_OF_TOPIC: Record<LiveTopic, string> = {
  spaces: "spaces_changed",
  space_types: "space_types_changed",
  availability: "availability_changed",
  messages: "messages_changed",
};

const payloadSchema = z.object({
  op: z.enum(["INSERT", "UPDATE", "DELETE"]),
  id: z.string().min(1).max(100),
  name: z.string().max(200).optional(),
  label: z.string().max(200).optional(),
  spaceId: z.string().max(100).optional(),
  visible: z.boolean().optional(),
  owner: z.string().max(100).optional(),
  conversationId: z.string().max(100).optional(),
  participants: z.array(z.string().max(100)).max(2).optional(),
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

/** Whether this change may be shown to `userId` (null: a visitor): drafts only to their owner. */
export function mayReceive(event: LiveEvent, userId: string | null): boolean {
  if (event.topic === "messages") return userId !== null && (event.participants ?? []).includes(userId);
  if (event.visible !== false) return true;
  return userId !== null && event.owner === userId;
}

/** One Server-Sent Events frame (without the owner, visibility and participants, which are for the server). */
export function sseFrame(event: LiveEvent): string {
  const { owner: _owner, visible: _visible, participants: _participants, ...shown } = event;
  return `event: ${event.topic}\ndata: ${JSON.stringify(shown)}\n\n`;
}
