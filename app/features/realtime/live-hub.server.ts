import { CHANNEL_OF_TOPIC, LIVE_TOPICS, mayReceive, parseNotification, sseFrame, type LiveEvent, type LiveTopic } from "./live-event";
import type { LiveSource } from "./pubsub.server";

/**
 * One subscription per process and channel, fanned out to every open Server-Sent
 * Events stream of this process. Each server process has its own hub; PostgreSQL
 * NOTIFY (default) or the broker of PUBSUB_URL (Redis, NATS: ./pubsub.server.ts)
 * reaches all of them, so live updates work across several processes and machines.
 */
export const HEARTBEAT_MS = 25_000;

type Subscriber = { topics: Set<LiveTopic>; userId: string | null; send(event: LiveEvent): void; close(): void };

/** Open streams allowed per client address and per process (docs/decisions/0086-live-stream-limits.md). */
export const LIVE_STREAM_LIMITS = { perClient: 6, total: 500 };
/** Seconds a refused browser waits before asking again. */
export const LIVE_RETRY_AFTER_SECONDS = 30;

export type StreamOptions = { client: string; userId: string | null };

export class LiveHub {
  private readonly subscribers = new Set<Subscriber>();
  private listening: Promise<void> | undefined;
  private unlisten: Array<() => Promise<void>> = [];
  private readonly perClient = new Map<string, number>();
  /** Streams open or being opened. */
  private open = 0;

  constructor(
    private readonly source: () => Promise<LiveSource>,
    private readonly limits: { perClient: number; total: number } = LIVE_STREAM_LIMITS,
  ) {}

  get size() {
    return this.subscribers.size;
  }

  /** Starts the subscriptions once; later calls reuse them. */
  private ensureListening() {
    this.listening ??= (async () => {
      const source = await this.source();
      for (const topic of LIVE_TOPICS) {
        const stop = await source.listen(
          CHANNEL_OF_TOPIC[topic],
          (payload) => {
            const event = parseNotification(topic, payload);
            if (event) this.publish(event);
          },
          () => this.connectionLost(),
        );
        this.unlisten.push(stop);
      }
    })();
    this.listening.catch(() => {
      this.listening = undefined;
    });
    return this.listening;
  }

  publish(event: LiveEvent) {
    for (const subscriber of this.subscribers) {
      if (subscriber.topics.has(event.topic) && mayReceive(event, subscriber.userId)) subscriber.send(event);
    }
  }

  /**
   * A text/event-stream Response for one browser. It ends when the browser goes
   * away (the request's signal), or when the hub closes (server shutdown).
   */
  async stream(request: Request, topics: LiveTopic[], { client, userId }: StreamOptions = { client: "unknown", userId: null }): Promise<Response> {
    // One client over its share is told to slow down (429); only a process out of slots
    // is overloaded (503), which is what monitors count as a server fault.
    const overloaded = this.open >= this.limits.total;
    if (overloaded || (this.perClient.get(client) ?? 0) >= this.limits.perClient) {
      return Response.json(
        { error: "Too many live-update connections. Try again later." },
        { status: overloaded ? 503 : 429, headers: { "Retry-After": String(LIVE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
      );
    }
    // The slot is taken before any await, so parallel requests cannot all pass the check above.
    this.open += 1;
    this.perClient.set(client, (this.perClient.get(client) ?? 0) + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.open -= 1;
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    };
    try {
      await this.ensureListening();
    } catch (error) {
      release();
      throw error;
    }
    const encoder = new TextEncoder();
    let subscriber: Subscriber | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    const cleanup = () => {
      if (heartbeat) clearInterval(heartbeat);
      if (subscriber) this.subscribers.delete(subscriber);
      subscriber = undefined;
      release();
    };
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        let closed = false;
        const write = (text: string) => {
          if (closed) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            close();
          }
        };
        const close = () => {
          if (closed) return;
          closed = true;
          cleanup();
          try {
            controller.close();
          } catch {
            // already closed by the reader
          }
        };
        subscriber = { topics: new Set(topics), userId, send: (event) => write(sseFrame(event)), close };
        this.subscribers.add(subscriber);
        // Tell the browser how long to wait before reconnecting, and that we are live.
        write(`retry: 3000\n: connected\n\n`);
        heartbeat = setInterval(() => write(`: heartbeat\n\n`), HEARTBEAT_MS);
        heartbeat.unref?.();
        if (request.signal.aborted) close();
        request.signal.addEventListener("abort", close, { once: true });
      },
      cancel: () => cleanup(),
    });
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        // no-transform keeps the compression middleware from buffering the stream.
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
        "X-Accel-Buffering": "no",
      },
    });
  }

  /**
   * The database's LISTEN connection (or the broker's) broke, so changes would no longer arrive.
   * Every open stream is ended: browsers reconnect (after the `retry` delay), the
   * next stream listens again, and the pages reload what they missed (onResume).
   */
  connectionLost() {
    this.listening = undefined;
    this.unlisten = [];
    for (const subscriber of [...this.subscribers]) subscriber.close();
  }

  /** Ends every open stream (graceful shutdown) and stops listening. */
  async close() {
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
    const stops = this.unlisten;
    this.unlisten = [];
    this.listening = undefined;
    await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
  }
}

let processHub: LiveHub | undefined;

/** The process's hub: on the broker of PUBSUB_URL when one is set, else on the process's database (NOTIFY). */
export function liveHub(): LiveHub {
  processHub ??= new LiveHub(async () => (await (await import("./pubsub.server")).liveBroker()) ?? (await import("~/lib/db.server")).getDatabase());
  return processHub;
}

/** Closes every open live stream so a graceful shutdown does not wait on them. */
export async function closeLiveStreams() {
  if (processHub) await processHub.close();
}
