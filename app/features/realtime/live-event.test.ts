import { describe, expect, it } from "vitest";
import { mayReceive, parseNotification, parseTopics, sseFrame } from "./live-event";

describe("live event helpers", () => {
  it("parses NOTIFY payloads of the triggers and rejects anything else", () => {
    expect(parseNotification("spaces", '{"op":"UPDATE","id":"a1"}')).toEqual({ topic: "spaces", op: "UPDATE", id: "a1" });
    expect(parseNotification("space_types", '{"op":"INSERT","id":"t","name":"kayak","label":"Kayak"}')).toEqual({
      topic: "space_types",
      op: "INSERT",
      id: "t",
      name: "kayak",
      label: "Kayak",
    });
    expect(parseNotification("spaces", "not json")).toBeNull();
    expect(parseNotification("spaces", '{"op":"TRUNCATE","id":"a"}')).toBeNull();
  });

  it("keeps only known topics and defaults to all", () => {
    expect(parseTopics("spaces")).toEqual(["spaces"]);
    expect(parseTopics("availability")).toEqual(["availability"]);
    expect(parseTopics("space_types, spaces,spaces,bogus")).toEqual(["space_types", "spaces"]);
    expect(parseTopics(null)).toEqual(["spaces", "space_types"]);
    expect(parseTopics("'; drop table spaces")).toEqual(["spaces", "space_types"]);
  });

  it("frames events as named Server-Sent Events", () => {
    expect(sseFrame({ topic: "spaces", op: "DELETE", id: "x" })).toBe(
      'event: spaces\ndata: {"topic":"spaces","op":"DELETE","id":"x"}\n\n',
    );
  });

  it("sends a message event to its two participants only, without naming them to the browser", () => {
    const event = parseNotification("messages", '{"op":"INSERT","id":"7","conversationId":"c1","participants":["guest","host"]}');
    expect(event).toEqual({ topic: "messages", op: "INSERT", id: "7", conversationId: "c1", participants: ["guest", "host"] });
    expect(mayReceive(event!, "guest")).toBe(true);
    expect(mayReceive(event!, "host")).toBe(true);
    expect(mayReceive(event!, "someone-else")).toBe(false);
    expect(mayReceive(event!, null)).toBe(false);
    expect(mayReceive({ topic: "messages", op: "INSERT", id: "8" }, "guest")).toBe(false);
    expect(sseFrame(event!)).toBe('event: messages\ndata: {"topic":"messages","op":"INSERT","id":"7","conversationId":"c1"}\n\n');
    expect(parseTopics("messages")).toEqual(["messages"]);
  });
});
