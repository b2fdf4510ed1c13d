import { describe, expect, it } from "vitest";
import { timelineMarks } from "./timeline-marks";

function message(id: string, author: string | null, created: string, deleted = false, replies = 0) {
  return { id, author_id: author, created_at: created, deleted_at: deleted ? created : null, reply_count: replies };
}

describe("timelineMarks", () => {
  it("starts a day at the first message and at each new local day", () => {
    const marks = timelineMarks(
      [
        message("a", "ada", "2026-03-01T10:00:00"),
        message("b", "ada", "2026-03-01T23:59:00"),
        message("c", "ada", "2026-03-02T00:01:00"),
      ],
      null,
    );
    expect(marks.map((mark) => mark.startsDay)).toEqual([true, false, true]);
  });

  it("groups the same author's messages within five minutes, and nobody else's", () => {
    const marks = timelineMarks(
      [
        message("a", "ada", "2026-03-01T10:00:00"),
        message("b", "ada", "2026-03-01T10:04:59"),
        message("c", "jonas", "2026-03-01T10:05:00"),
        message("d", "ada", "2026-03-01T10:06:00"),
        message("e", "ada", "2026-03-01T10:12:00"),
      ],
      null,
    );
    expect(marks.map((mark) => mark.grouped)).toEqual([false, true, false, false, false]);
  });

  it("starts a new run after a message that started a thread", () => {
    const marks = timelineMarks(
      [
        message("a", "ada", "2026-03-01T10:00:00", false, 2),
        message("b", "ada", "2026-03-01T10:01:00"),
        message("c", "ada", "2026-03-01T10:02:00"),
      ],
      null,
    );
    expect(marks.map((mark) => mark.grouped)).toEqual([false, false, true]);
  });

  it("never groups across the unread divider, a deleted message or an unknown author", () => {
    const marks = timelineMarks(
      [
        message("a", "ada", "2026-03-01T10:00:00"),
        message("b", "ada", "2026-03-01T10:01:00"),
        message("c", "ada", "2026-03-01T10:02:00", true),
        message("d", "ada", "2026-03-01T10:03:00"),
        message("e", null, "2026-03-01T10:03:30"),
        message("f", null, "2026-03-01T10:04:00"),
      ],
      "b",
    );
    expect(marks.map((mark) => mark.firstUnread)).toEqual([false, true, false, false, false, false]);
    expect(marks.map((mark) => mark.grouped)).toEqual([false, false, false, false, false, false]);
  });
});
