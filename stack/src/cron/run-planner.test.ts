import { describe, expect, it } from "vitest";
import { RunPlanner, type PlannedJob } from "./run-planner.ts";
import { parseSchedule, type Schedule } from "./schedule.ts";

const at = (iso: string) => Date.parse(iso);

function job(jobid: string, schedule: string, active = true): PlannedJob {
  const parsed = parseSchedule(schedule) as Schedule;
  return { jobid, schedule: parsed, active };
}

describe("RunPlanner", () => {
  it("starts an every-minute job once at each new minute, not in the minute it started in", () => {
    const planner = new RunPlanner();
    const jobs = [job("1", "* * * * *")];
    expect(planner.due(jobs, at("2026-01-01T10:00:30Z"))).toEqual([]);
    expect(planner.due(jobs, at("2026-01-01T10:00:59Z"))).toEqual([]);
    expect(planner.due(jobs, at("2026-01-01T10:01:00Z"))).toEqual(["1"]);
    planner.finished("1");
    expect(planner.due(jobs, at("2026-01-01T10:01:30Z"))).toEqual([]);
  });

  it("starts a job only in the minutes its schedule matches", () => {
    const planner = new RunPlanner();
    const jobs = [job("1", "*/5 * * * *")];
    planner.due(jobs, at("2026-01-01T10:00:30Z"));
    const started: string[] = [];
    for (let minute = 1; minute <= 10; minute += 1) {
      const now = at(`2026-01-01T10:${String(minute).padStart(2, "0")}:00Z`);
      if (planner.due(jobs, now).length > 0) started.push(new Date(now).toISOString().slice(11, 16));
      planner.finished("1");
    }
    expect(started).toEqual(["10:05", "10:10"]);
  });

  it("does not replay the runs missed before it started (a stopped stack)", () => {
    const planner = new RunPlanner();
    expect(planner.due([job("1", "* * * * *")], at("2026-01-01T12:00:10Z"))).toEqual([]);
  });

  it("runs an interval job at once, then every N seconds from its last start", () => {
    const planner = new RunPlanner();
    const jobs = [job("1", "10 seconds")];
    expect(planner.due(jobs, at("2026-01-01T10:00:00Z"))).toEqual(["1"]);
    planner.finished("1");
    expect(planner.due(jobs, at("2026-01-01T10:00:09Z"))).toEqual([]);
    expect(planner.due(jobs, at("2026-01-01T10:00:10Z"))).toEqual(["1"]);
  });

  it("never runs a job twice at once; an interval job queues one run while it is still running", () => {
    const planner = new RunPlanner();
    const jobs = [job("1", "2 seconds")];
    expect(planner.due(jobs, at("2026-01-01T10:00:00Z"))).toEqual(["1"]);
    expect(planner.due(jobs, at("2026-01-01T10:00:02Z"))).toEqual([]);
    expect(planner.due(jobs, at("2026-01-01T10:00:04Z"))).toEqual([]);
    expect(planner.due(jobs, at("2026-01-01T10:00:06Z"))).toEqual([]);
    planner.finished("1");
    expect(planner.due(jobs, at("2026-01-01T10:00:07Z"))).toEqual(["1"]);
    planner.finished("1");
    expect(planner.due(jobs, at("2026-01-01T10:00:08Z"))).toEqual([]);
  });

  it("catches up on minutes skipped by a short stall but not across a clock jump", () => {
    const stalled = new RunPlanner();
    const jobs = [job("1", "* * * * *")];
    stalled.due(jobs, at("2026-01-01T10:00:30Z"));
    expect(stalled.due(jobs, at("2026-01-01T10:03:00Z"))).toEqual(["1"]);
    stalled.finished("1");
    // 10:01, 10:02 and 10:03 each fell due: three runs, one after the other
    expect(stalled.due(jobs, at("2026-01-01T10:03:01Z"))).toEqual(["1"]);
    stalled.finished("1");
    expect(stalled.due(jobs, at("2026-01-01T10:03:02Z"))).toEqual(["1"]);
    stalled.finished("1");
    expect(stalled.due(jobs, at("2026-01-01T10:03:03Z"))).toEqual([]);

    const jumped = new RunPlanner();
    jumped.due(jobs, at("2026-01-01T10:00:30Z"));
    expect(jumped.due(jobs, at("2026-01-01T14:00:00Z"))).toEqual(["1"]);
    jumped.finished("1");
    expect(jumped.due(jobs, at("2026-01-01T14:00:01Z"))).toEqual([]);
  });

  it("skips inactive jobs and runs @reboot jobs once", () => {
    const planner = new RunPlanner();
    const jobs = [job("1", "1 second", false), job("2", "@reboot")];
    expect(planner.due(jobs, at("2026-01-01T10:00:00Z"))).toEqual(["2"]);
    planner.finished("2");
    expect(planner.due(jobs, at("2026-01-01T10:00:05Z"))).toEqual([]);
  });
});
