import { sql } from "drizzle-orm";
import type { Database, Db } from "~/lib/db.server";
import { env, PUBSUB_PROTOCOLS, type Env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";

/**
 * The transport of live updates (issue #30 point 4, docs/decisions/0265-live-updates-broker.md).
 *
 * - Default (no PUBSUB_URL): PostgreSQL NOTIFY, delivered at commit to every process's LISTEN
 *   (PGlite's listen in the embedded database).
 * - PUBSUB_URL=redis://… or nats://…: the database triggers write each event to the outbox
 *   table (migration 0026) instead of NOTIFY; every server process drains it after the commit
 *   and publishes to the broker, and every process's live hub subscribes there.
 *
 * The clients (node-redis, @nats-io/transport-node) are imported only when a broker is set.
 */

/** What the live hub listens on: the database (NOTIFY) or a broker. Same shape as Database.listen. */
export type LiveSource = Pick<Database, "listen">;

export type BrokerTransport = "redis" | "nats";

/** One event as the triggers wrote it: the NOTIFY channel name and its JSON payload. */
export type LiveMessage = { channel: string; payload: string };

export type Broker = LiveSource & {
  readonly transport: BrokerTransport;
  /** Connected now: subscriptions and publishes go through. */
  readonly ready: boolean;
  /** Resolves once connected (at once when it is), or after `ms` with false. */
  whenReady(ms: number): Promise<boolean>;
  /** Publishes the events in order, in one round trip where the client allows (Redis pipelines, NATS buffers). */
  publish(events: LiveMessage[]): Promise<void>;
  close(): Promise<void>;
};

/** The broker of a PUBSUB_URL (validated by the settings). */
export function brokerTransport(url: string): BrokerTransport {
  const protocol = new URL(url).protocol;
  if (!Object.hasOwn(PUBSUB_PROTOCOLS, protocol)) throw new Error(`PUBSUB_URL must be a redis://, rediss://, nats:// or tls:// URL, not ${protocol}//`);
  return PUBSUB_PROTOCOLS[protocol as keyof typeof PUBSUB_PROTOCOLS];
}

/** The URL without its password, for log lines. */
export function shownUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "redacted";
  return parsed.toString();
}

/**
 * Handlers per channel, shared by both brokers. The broker subscription of a channel is made
 * once (`subscribeOnce`) and kept across reconnects by the client; handlers come and go.
 */
class Channels {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private lostHandlers = new Set<() => void>();
  private readonly subscribed = new Map<string, Promise<void>>();

  /** Subscribes `channel` on the broker the first time it is asked for; a failed attempt is tried again next time. */
  subscribeOnce(channel: string, subscribe: () => Promise<void>): Promise<void> {
    let done = this.subscribed.get(channel);
    if (!done) {
      done = subscribe();
      this.subscribed.set(channel, done);
      done.catch(() => this.subscribed.delete(channel));
    }
    return done;
  }

  deliver(channel: string, payload: string) {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  add(channel: string, onPayload: (payload: string) => void, onLost?: () => void) {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(onPayload);
    if (onLost) this.lostHandlers.add(onLost);
    return async () => {
      set.delete(onPayload);
      if (onLost) this.lostHandlers.delete(onLost);
    };
  }

  /** The connection broke: events may have been missed, so every listener is told once and forgotten. */
  lost() {
    const handlers = [...this.lostHandlers];
    this.lostHandlers = new Set();
    for (const set of this.handlers.values()) set.clear();
    for (const handler of handlers) handler();
  }
}

/** Waits for `isReady` to turn true (checked on `onChange`), at most `ms`. */
function readyWaiter() {
  const waiting = new Set<() => void>();
  return {
    notify() {
      for (const wake of [...waiting]) wake();
    },
    wait(isReady: () => boolean, ms: number): Promise<boolean> {
      if (isReady()) return Promise.resolve(true);
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve(isReady());
        };
        const timer = setTimeout(done, ms);
        waiting.add(() => isReady() && done());
      });
    },
  };
}

function notConnected(transport: BrokerTransport) {
  return new Error(`The live-update broker (${transport}) is not connected`);
}

/** A bounded back-off between reconnect attempts: 100 ms, 200 ms, … up to 2 s. */
const backoff = (retries: number) => Math.min(100 * (retries + 1), 2_000);

async function openRedis(url: string, prefix: string): Promise<Broker> {
  const { createClient } = await import("redis");
  // No offline queue: a publish or subscribe while disconnected fails at once (the relay
  // drops what it drained, the live endpoint answers 503) instead of piling up.
  const publisher = createClient({ url, disableOfflineQueue: true, socket: { connectTimeout: 5_000, reconnectStrategy: backoff } });
  const subscriber = publisher.duplicate();
  const channels = new Channels();
  const waiter = readyWaiter();
  let closing = false;
  let down = false;
  const ready = () => publisher.isReady && subscriber.isReady;
  for (const [role, client] of [
    ["publisher", publisher],
    ["subscriber", subscriber],
  ] as const) {
    client.on("ready", () => {
      if (down && ready()) logger.info({ transport: "redis", url: shownUrl(url) }, "Live-update broker connected again");
      if (ready()) down = false;
      waiter.notify();
    });
    client.on("error", (error: Error) => {
      // One line per outage, not one per reconnect attempt.
      if (!down && !closing) logger.error({ transport: "redis", role, url: shownUrl(url), err: { message: error.message } }, "Live-update broker unreachable; retrying");
      down = true;
    });
    if (role === "subscriber") client.on("reconnecting", () => channels.lost());
  }
  void publisher.connect().catch(() => undefined);
  void subscriber.connect().catch(() => undefined);
  return {
    transport: "redis",
    get ready() {
      return ready();
    },
    whenReady: (ms) => waiter.wait(ready, ms),
    async listen(channel, onPayload, onLost) {
      if (!ready()) throw notConnected("redis");
      await channels.subscribeOnce(channel, () => subscriber.subscribe(prefix + channel, (payload) => channels.deliver(channel, payload)));
      return channels.add(channel, onPayload, onLost);
    },
    async publish(events) {
      // Commands sent in one tick go out as one pipeline, and Redis answers them in order.
      await Promise.all(events.map((event) => publisher.publish(prefix + event.channel, event.payload)));
    },
    async close() {
      closing = true;
      // A client still trying to connect is dropped; a connected one closes after its replies.
      await Promise.all([publisher, subscriber].map((client) => Promise.resolve(client.isReady ? client.close() : client.destroy()).catch(() => undefined)));
    },
  };
}

async function openNats(url: string, prefix: string): Promise<Broker> {
  const { connect } = await import("@nats-io/transport-node");
  const parsed = new URL(url);
  const channels = new Channels();
  const waiter = readyWaiter();
  let connected = false;
  let closing = false;
  // Unreachable at start: keep trying in the background (waitOnFirstConnect), like a reconnect.
  const connection = connect({
    servers: `${parsed.protocol === "tls:" ? "tls://" : ""}${parsed.hostname}:${parsed.port || 4222}`,
    user: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    pass: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    name: `rentwell-${process.pid}`,
    waitOnFirstConnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    timeout: 5_000,
  });
  // The client reports no failed first attempts: unreachable is said once it has tried for 2 s.
  let unreachableSaid = false;
  const reported = setTimeout(() => {
    if (connected || closing) return;
    unreachableSaid = true;
    logger.error({ transport: "nats", url: shownUrl(url) }, "Live-update broker unreachable; retrying");
  }, 2_000);
  reported.unref();
  void connection.then(
    async (nc) => {
      clearTimeout(reported);
      connected = true;
      if (unreachableSaid) logger.info({ transport: "nats", url: shownUrl(url) }, "Live-update broker connected again");
      waiter.notify();
      for await (const status of nc.status()) {
        if (status.type === "disconnect") {
          connected = false;
          if (!closing) logger.error({ transport: "nats", url: shownUrl(url) }, "Live-update broker unreachable; retrying");
          channels.lost();
        } else if (status.type === "reconnect") {
          connected = true;
          logger.info({ transport: "nats", url: shownUrl(url) }, "Live-update broker connected again");
          waiter.notify();
        }
      }
    },
    (error: Error) => logger.error({ transport: "nats", url: shownUrl(url), err: { message: error.message } }, "Live-update broker connection failed"),
  );
  const open = async () => {
    if (!connected) throw notConnected("nats");
    return connection;
  };
  return {
    transport: "nats",
    get ready() {
      return connected;
    },
    whenReady: (ms) => waiter.wait(() => connected, ms),
    async listen(channel, onPayload, onLost) {
      const nc = await open();
      await channels.subscribeOnce(channel, async () => {
        nc.subscribe(prefix + channel, {
          callback: (error, message) => {
            if (!error) channels.deliver(channel, message.string());
          },
        });
        // The server has the subscription once a round trip has passed.
        await nc.flush();
      });
      return channels.add(channel, onPayload, onLost);
    },
    async publish(events) {
      const nc = await open();
      for (const event of events) nc.publish(prefix + event.channel, event.payload);
    },
    async close() {
      closing = true;
      clearTimeout(reported);
      if (connected) await (await connection).drain().catch(() => undefined);
      else void connection.then((nc) => nc.close()).catch(() => undefined);
    },
  };
}

export async function openBroker(url: string, prefix: string): Promise<Broker> {
  return brokerTransport(url) === "redis" ? openRedis(url, prefix) : openNats(url, prefix);
}

let processBroker: Promise<Broker> | undefined;

/** The process's broker (PUBSUB_URL), opened once; null when live updates ride on NOTIFY. */
export async function liveBroker(): Promise<Broker | null> {
  const settings = env();
  if (!settings.PUBSUB_URL) return null;
  processBroker ??= openBroker(settings.PUBSUB_URL, settings.PUBSUB_PREFIX);
  return processBroker;
}

/** Outbox rows taken per drain; a full batch is followed by the next at once. */
export const RELAY_BATCH = 500;
/** How often an idle relay looks at the outbox. */
export const RELAY_POLL_MS = 50;

/**
 * Switches the database's triggers to the outbox (a broker is set) or back to NOTIFY. Every
 * server of one database must agree: the last one started decides. Back on NOTIFY, what the
 * outbox still holds is dropped (no relay drains it any more).
 */
export async function switchToOutbox(db: Db, outbox: boolean): Promise<void> {
  const switched = await db.execute(sql`update live_transport set outbox = ${outbox} where outbox is distinct from ${outbox} returning outbox`);
  if (!outbox) await db.execute(sql`delete from live_outbox`);
  if (switched.rows.length > 0) logger.info({ outbox }, outbox ? "Live updates: the database writes events to the outbox for the broker" : "Live updates: the database sends NOTIFY");
}

/**
 * Takes up to RELAY_BATCH events from the outbox (rows other processes are taking are
 * skipped) and publishes them in order; equal events of one transaction once (a transaction
 * that touched several calendar rows of one listing gave several; NOTIFY folds those too). The
 * DELETE commits before anything is published, so no broker call runs inside a
 * transaction. While the broker is down what was taken is dropped: every open stream was
 * ended at the loss, and the pages reload what they missed when they reconnect.
 */
export async function relayOutbox(db: Db, broker: Pick<Broker, "ready" | "publish">): Promise<{ taken: number; published: number }> {
  const { rows } = await db.execute(sql`
    delete from live_outbox where id in (select id from live_outbox order by id limit ${RELAY_BATCH} for update skip locked)
    returning id, txid, channel, payload`);
  const taken = (rows as ({ id: string | number; txid: string | number } & LiveMessage)[]).sort((a, b) => Number(a.id) - Number(b.id));
  if (!broker.ready || taken.length === 0) return { taken: taken.length, published: 0 };
  const distinct = new Map<string, LiveMessage>();
  for (const { txid, channel, payload } of taken) {
    const key = `${txid}\n${channel}\n${payload}`;
    if (!distinct.has(key)) distinct.set(key, { channel, payload });
  }
  await broker.publish([...distinct.values()]);
  return { taken: taken.length, published: distinct.size };
}

/** Drains the outbox every RELAY_POLL_MS (at once after a full batch) until stopped. */
export function startRelay(db: Db, broker: Broker): () => Promise<void> {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  let failing = false;
  const tick = () => {
    running = relayOutbox(db, broker).then(
      ({ taken }) => {
        failing = false;
        if (!stopped) timer = setTimeout(tick, taken >= RELAY_BATCH ? 0 : RELAY_POLL_MS);
      },
      (error: Error) => {
        if (!failing) logger.warn({ err: { message: error.message } }, "Live-update relay failed; retrying");
        failing = true;
        if (!stopped) timer = setTimeout(tick, 1_000);
      },
    );
  };
  tick();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}

/**
 * At server start: the database's triggers follow this server's transport, and with a broker
 * the relay starts. Returns what stops it (at shutdown, before the database closes).
 */
export async function startLiveTransport(database: Database, settings: Pick<Env, "PUBSUB_URL">): Promise<() => Promise<void>> {
  await switchToOutbox(database.db, Boolean(settings.PUBSUB_URL));
  const broker = await liveBroker();
  if (!broker) {
    logger.info({ transport: "notify" }, "Live updates: PostgreSQL NOTIFY");
    return async () => undefined;
  }
  // Serving waits at most 2 s for the broker: pages work without it, live streams answer 503 until it is back.
  if (await broker.whenReady(2_000)) logger.info({ transport: broker.transport, url: shownUrl(settings.PUBSUB_URL!) }, `Live updates: ${broker.transport}`);
  const stopRelay = startRelay(database.db, broker);
  return async () => {
    await stopRelay();
    await broker.close();
    processBroker = undefined;
  };
}
