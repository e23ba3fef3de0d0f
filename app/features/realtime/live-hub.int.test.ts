import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spaceTypes } from "~/db/schema/catalog";
import { spaces } from "~/db/schema/listings";
import { createHost, createSpace } from "../../../tests/factories/listings";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { LiveHub } from "./live-hub.server";
import type { LiveEvent } from "./live-event";

let database: TestDatabase;
let hub: LiveHub;

beforeAll(async () => {
  database = await createTestDatabase();
  hub = new LiveHub(async () => database);
});

afterAll(async () => {
  await hub.close();
  await database.drop();
});

/** Opens a stream like a browser would and collects the events it receives. */
async function subscribe(topics: Array<"spaces" | "space_types">) {
  const abort = new AbortController();
  const response = await hub.stream(new Request("http://test/api/live", { signal: abort.signal }), topics);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: LiveEvent[] = [];
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split("\n").find((line) => line.startsWith("data: "));
        if (data) events.push(JSON.parse(data.slice(6)) as LiveEvent);
      }
    }
  })();
  async function waitFor(match: (event: LiveEvent) => boolean, ms = 5000) {
    const started = Date.now();
    while (Date.now() - started < ms) {
      const found = events.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no matching event within ${ms} ms; got ${JSON.stringify(events)}`);
  }
  return { response, events, waitFor, abort, done: pump };
}

describe("live updates over Server-Sent Events", () => {
  it("streams an INSERT, UPDATE and DELETE on spaces to a subscriber", async () => {
    const client = await subscribe(["spaces"]);
    expect(client.response.headers.get("content-type")).toMatch(/text\/event-stream/);
    expect(client.response.headers.get("cache-control")).toContain("no-transform");

    const space = await createSpace(database.db, { title: "Live Loft" });
    expect(await client.waitFor((event) => event.op === "INSERT" && event.id === space.id)).toEqual({
      topic: "spaces",
      op: "INSERT",
      id: space.id,
    });

    await database.db.update(spaces).set({ title: "Live Loft 2" }).where(eq(spaces.id, space.id));
    await client.waitFor((event) => event.op === "UPDATE" && event.id === space.id);

    await database.db.delete(spaces).where(eq(spaces.id, space.id));
    await client.waitFor((event) => event.op === "DELETE" && event.id === space.id);

    client.abort.abort();
    await client.done;
  });

  it("fans one LISTEN out to several subscribers and honours their topics", async () => {
    const both = await subscribe(["spaces", "space_types"]);
    const typesOnly = await subscribe(["space_types"]);
    expect(hub.size).toBe(2);

    const host = await createHost(database.db);
    const space = await createSpace(database.db, { userId: host.id });
    await database.db.insert(spaceTypes).values({ name: "kayak", label: "Kayak" });

    await both.waitFor((event) => event.topic === "spaces" && event.id === space.id);
    const typeEvent = await typesOnly.waitFor((event) => event.topic === "space_types");
    expect(typeEvent).toMatchObject({ op: "INSERT", name: "kayak", label: "Kayak" });
    await both.waitFor((event) => event.topic === "space_types");
    expect(typesOnly.events.some((event) => event.topic === "spaces")).toBe(false);

    both.abort.abort();
    await both.done;
    typesOnly.abort.abort();
    await typesOnly.done;
    expect(hub.size).toBe(0);
  });

  it("when the LISTEN connection breaks, open streams end and a new stream gets changes again", async () => {
    const before = await subscribe(["spaces"]);
    await createSpace(database.db, { title: "Before the drop" });
    await before.waitFor((event) => event.op === "INSERT");
    if (database.engine === "postgres") {
      // What a database restart does to the listening connection.
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
    } else {
      // The embedded database runs in this process and cannot drop the connection; report it as the driver would.
      hub.connectionLost();
    }
    await before.done; // resolves only because the stream ended, so the browser reconnects
    expect(hub.size).toBe(0);

    const after = await subscribe(["spaces"]);
    const space = await createSpace(database.db, { title: "After the drop" });
    await after.waitFor((event) => event.op === "INSERT" && event.id === space.id);
    after.abort.abort();
    await after.done;
  });

  it("ends open streams when the hub closes (graceful shutdown)", async () => {
    const client = await subscribe(["spaces"]);
    expect(hub.size).toBe(1);
    await hub.close();
    await client.done; // resolves only because the stream ended
    expect(hub.size).toBe(0);
  });
});
