import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PGMQ_PUBLIC_ACCESS_MATRIX,
  parseAccessMatrix,
  type AccessRow,
  type Expected,
  type QueueAction,
} from "./pgmq-public-access-matrix.ts";
import { ALICE, startQueuesStack, type QueueCaller, type QueuesTestStack } from "./queues-stack.ts";

let s: QueuesTestStack;
beforeAll(async () => {
  s = await startQueuesStack();
});
afterAll(() => s?.close());

interface CallResult {
  data: unknown;
  error: { code: string } | null;
  status: number;
}

/** The action through pgmq_public as the caller, on Alice's message `target` in `queue`. */
function attempt(caller: QueueCaller, action: QueueAction, queue: string, target: number): PromiseLike<CallResult> {
  const queues = s.queues(caller);
  switch (action) {
    case "send":
      return queues.rpc("send", { queue_name: queue, message: { owner: ALICE, sent: "by caller" } });
    case "read":
      return queues.rpc("read", { queue_name: queue, sleep_seconds: 0, n: 10 });
    case "pop":
      return queues.rpc("pop", { queue_name: queue });
    case "archive":
      return queues.rpc("archive", { queue_name: queue, message_id: target });
    case "delete":
      return queues.rpc("delete", { queue_name: queue, message_id: target });
  }
}

/** What the answer means in the matrix's vocabulary. */
function outcome(action: QueueAction, target: number, result: CallResult): Expected | string {
  if (result.error) return `${result.status} ${result.error.code}`;
  if (action === "send") return Array.isArray(result.data) && result.data.length === 1 ? "✓" : "∅";
  if (action === "archive" || action === "delete") return result.data === true ? "✓" : "∅";
  const rows = result.data as { msg_id: number }[];
  return rows.some((row) => row.msg_id === target) ? "✓" : "∅";
}

const expectedOutcome = (row: AccessRow) =>
  row.expected === "401" || row.expected === "403" ? `${row.expected} 42501` : row.expected;

describe("who may use a queue through pgmq_public", () => {
  it.each(parseAccessMatrix(PGMQ_PUBLIC_ACCESS_MATRIX))("$queue $action as $caller: $expected", async (row) => {
    await s.sql("select pgmq.purge_queue($1)", [row.queue]);
    const [sent] = await s.sql<{ id: string }>("select pgmq.send($1, $2) as id", [
      row.queue,
      { owner: ALICE, sent: "by setup" },
    ]);
    const target = Number(sent?.id);
    const result = await attempt(row.caller, row.action, row.queue, target);
    expect(outcome(row.action, target, result)).toBe(expectedOutcome(row));
  });

  it("keeps a refused message where it was", async () => {
    await s.sql("select pgmq.purge_queue('tasks')");
    const [sent] = await s.sql<{ id: string }>("select pgmq.send('tasks', $1) as id", [{ owner: ALICE }]);
    for (const action of ["pop", "archive", "delete"] as const) {
      await attempt("bob", action, "tasks", Number(sent?.id));
    }
    expect(await s.sql("select msg_id from pgmq.q_tasks")).toEqual([{ msg_id: sent?.id }]);
    expect(await s.sql("select msg_id from pgmq.a_tasks where msg_id = $1", [sent?.id])).toEqual([]);
  });
});
