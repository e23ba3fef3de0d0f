import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaces } from "~/db/schema/listings";
import { createHost, createSpace } from "../../../tests/factories/listings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { CHANNEL_OF_TOPIC } from "./live-event";
import { RELAY_BATCH, relayOutbox, switchToOutbox, type LiveMessage } from "./pubsub.server";

/**
 * The outbox of migration 0026 on both engines (ADR 0265): what the triggers write when a
 * broker is set, and the relay that publishes it after the commit. The real brokers, with
 * real server processes, are in tests/integration/pubsub-http.int.test.ts.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await switchToOutbox(database.db, false);
  await database.drop();
});

/** What reaches a LISTEN on the availability and spaces channels, until `stop()`. */
async function listening() {
  const heard: { channel: string; payload: string }[] = [];
  // One after the other: the first listen opens the LISTEN connection the second one uses.
  const stops: Array<() => Promise<void>> = [];
  for (const channel of [CHANNEL_OF_TOPIC.availability, CHANNEL_OF_TOPIC.spaces]) stops.push(await database.listen(channel, (payload) => heard.push({ channel, payload })));
  return { heard, stop: () => Promise.all(stops.map((stop) => stop())) };
}

/** A broker that records what it is given. */
function recordingBroker(ready = true) {
  const published: LiveMessage[] = [];
  return { ready, published, publish: async (events: LiveMessage[]) => void published.push(...events) };
}

async function outboxRows() {
  return (await database.db.execute(sql`select channel, payload from live_outbox order by id`)).rows as { channel: string; payload: string }[];
}

describe("the live outbox", () => {
  it("by default the triggers NOTIFY as before and write no outbox row", async () => {
    const host = await createHost(database.db);
    const listener = await listening();
    try {
      const space = await createSpace(database.db, { userId: host.id, title: "Notify Studio", isPublished: true });
      await expect.poll(() => listener.heard.some((event) => event.payload.includes(space.id))).toBe(true);
      expect(await outboxRows()).toEqual([]);
    } finally {
      await listener.stop();
    }
  });

  it("with a broker: changes become outbox rows at commit, none is NOTIFYed, and the relay publishes them in order, equal ones of one transaction once", async () => {
    await switchToOutbox(database.db, true);
    const host = await createHost(database.db);
    const listener = await listening();
    try {
      const space = await createSpace(database.db, { userId: host.id, title: "Broker Studio", isPublished: true });
      // One transaction, two changes to the listing's calendar: two rows, one event to publish (as NOTIFY folds them).
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into space_availability (space_id, kind, start_time, end_time) values (${space.id}, 'blocked', '2030-01-01T10:00Z', '2030-01-01T11:00Z')`);
        await tx.execute(sql`insert into space_availability (space_id, kind, start_time, end_time) values (${space.id}, 'blocked', '2030-01-02T10:00Z', '2030-01-02T11:00Z')`);
      });
      // Another transaction with the same change is an event of its own (another booking of the listing).
      await database.db.execute(sql`insert into space_availability (space_id, kind, start_time, end_time) values (${space.id}, 'blocked', '2030-01-03T10:00Z', '2030-01-03T11:00Z')`);
      // A rolled-back change leaves nothing.
      await database.db
        .transaction(async (tx) => {
          await tx.update(spaces).set({ title: "Never" }).where(eq(spaces.id, space.id));
          tx.rollback();
        })
        .catch(() => undefined);
      const rows = await outboxRows();
      expect(rows.map((row) => row.channel)).toEqual([CHANNEL_OF_TOPIC.spaces, ...Array<string>(3).fill(CHANNEL_OF_TOPIC.availability)]);
      expect(JSON.parse(rows[0]!.payload)).toEqual({ op: "INSERT", id: space.id, visible: true, owner: host.id });

      const broker = recordingBroker();
      expect(await relayOutbox(database.db, broker)).toEqual({ taken: 4, published: 3 });
      expect(broker.published).toEqual([rows[0], rows[1], rows[3]]);
      expect(JSON.parse(broker.published[1]!.payload)).toEqual({ op: "INSERT", id: space.id, spaceId: space.id });
      expect(broker.published[2]).toEqual(broker.published[1]);
      expect(await outboxRows()).toEqual([]);
      // The database announced nothing itself (a LISTEN round trip has passed since).
      await database.db.execute(sql`select 1`);
      expect(listener.heard.filter((event) => event.payload.includes(space.id))).toEqual([]);
    } finally {
      await listener.stop();
      await switchToOutbox(database.db, false);
    }
  });

  it("takes at most a batch at a time, and drops what it takes while the broker is down", async () => {
    await switchToOutbox(database.db, true);
    try {
      await database.db.execute(sql`select live_publish('spaces_changed', json_build_object('op', 'UPDATE', 'id', g::text)::text) from generate_series(1, ${RELAY_BATCH + 5}) g`);
      const down = recordingBroker(false);
      expect(await relayOutbox(database.db, down)).toEqual({ taken: RELAY_BATCH, published: 0 });
      expect(down.published).toEqual([]);
      const up = recordingBroker();
      expect(await relayOutbox(database.db, up)).toEqual({ taken: 5, published: 5 });
      expect(up.published.map((event) => JSON.parse(event.payload).id)).toEqual(["501", "502", "503", "504", "505"]);
    } finally {
      await switchToOutbox(database.db, false);
    }
  });

  it("back on NOTIFY, what the outbox held is dropped and the triggers NOTIFY again", async () => {
    await switchToOutbox(database.db, true);
    const host = await createHost(database.db);
    await createSpace(database.db, { userId: host.id, title: "Left Behind" });
    expect((await outboxRows()).length).toBeGreaterThan(0);
    await switchToOutbox(database.db, false);
    expect(await outboxRows()).toEqual([]);
    const listener = await listening();
    try {
      const space = await createSpace(database.db, { userId: host.id, title: "Notify Again", isPublished: true });
      await expect.poll(() => listener.heard.some((event) => event.payload.includes(space.id))).toBe(true);
    } finally {
      await listener.stop();
    }
  });
});
