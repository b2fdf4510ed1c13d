import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startStack } from "../../src/index.ts";
import { parseSchedule } from "../../src/cron/schedule.ts";
import { testClient } from "../support/client.ts";
import { startTestStack, type TestStack } from "../support/test-stack.ts";

interface Run {
  runid: string;
  status: string;
  return_message: string | null;
  start_time: Date | null;
  end_time: Date | null;
  username: string;
  job_pid: number | null;
}

let t: TestStack;
let sql: pg.Pool;

async function runsOf(jobName: string): Promise<Run[]> {
  const result = await sql.query<Run>(
    `select r.runid::text, r.status, r.return_message, r.start_time, r.end_time, r.username, r.job_pid
       from cron.job_run_details r join cron.job j using (jobid)
      where j.jobname = $1 order by r.runid`,
    [jobName],
  );
  return result.rows;
}

async function finishedRuns(jobName: string, count: number): Promise<Run[]> {
  return vi.waitFor(
    async () => {
      const runs = (await runsOf(jobName)).filter((run) => run.status === "succeeded" || run.status === "failed");
      expect(runs.length).toBeGreaterThanOrEqual(count);
      return runs;
    },
    { timeout: 20_000, interval: 200 },
  );
}

async function ticks(label: string): Promise<number> {
  const result = await sql.query<{ n: number }>("select count(*)::int as n from public.ticks where label = $1", [
    label,
  ]);
  return result.rows[0]?.n ?? 0;
}

beforeAll(async () => {
  t = await startTestStack("cron-net");
  sql = new pg.Pool({ connectionString: t.stack.db.url, max: 2 });
  // `db reset` (last test) ends these connections
  sql.on("error", () => undefined);
});

afterAll(async () => {
  await sql?.end();
  await t?.close();
});

describe("pg_cron on the stack", () => {
  it("runs a job every 2 seconds and records each run as pg_cron does", async () => {
    await sql.query(
      `select cron.schedule('every-2s', '2 seconds', $$insert into public.ticks (label) values ('every-2s')$$)`,
    );
    const runs = await finishedRuns("every-2s", 2);
    for (const run of runs.slice(0, 2)) {
      expect(run).toMatchObject({ status: "succeeded", return_message: "INSERT 0 1", username: "postgres" });
      expect(run.start_time).toBeInstanceOf(Date);
      expect(run.job_pid).toBeGreaterThan(0);
      expect(run.end_time!.getTime()).toBeGreaterThanOrEqual(run.start_time!.getTime());
    }
    expect(await ticks("every-2s")).toBeGreaterThanOrEqual(2);
  });

  it("stops running a job once it is unscheduled by name", async () => {
    await sql.query(
      `select cron.schedule('stop-me', '1 second', $$insert into public.ticks (label) values ('stop-me')$$)`,
    );
    await finishedRuns("stop-me", 1);
    const { rows } = await sql.query("select cron.unschedule('stop-me') as removed");
    expect(rows[0].removed).toBe(true);
    const afterUnschedule = await ticks("stop-me");
    // a later job's runs show time went on; the removed job added nothing (one run may have been in flight)
    await sql.query(
      `select cron.schedule('marker', '1 second', $$insert into public.ticks (label) values ('marker')$$)`,
    );
    await finishedRuns("marker", 3);
    expect(await ticks("stop-me")).toBeLessThanOrEqual(afterUnschedule + 1);
    await sql.query("select cron.unschedule('marker')");
  });

  it("unschedules by id, and says so when the job does not exist", async () => {
    const { rows } = await sql.query<{ id: string }>(`select cron.schedule('0 3 * * *', 'vacuum') as id`);
    await expect(sql.query("select cron.unschedule($1::bigint)", [rows[0]!.id])).resolves.toBeDefined();
    await expect(sql.query("select cron.unschedule($1::bigint)", [rows[0]!.id])).rejects.toThrow(
      `could not find valid entry for job ${rows[0]!.id}`,
    );
    await expect(sql.query("select cron.unschedule('nobody')")).rejects.toThrow(
      "could not find valid entry for job 'nobody'",
    );
  });

  it("picks up alter_job's new command and its deactivation without a restart", async () => {
    const { rows } = await sql.query<{ id: string }>(
      `select cron.schedule('alter-me', '1 second', $$insert into public.ticks (label) values ('before')$$) as id`,
    );
    const id = rows[0]!.id;
    await finishedRuns("alter-me", 1);
    await sql.query(`select cron.alter_job($1, command := $$insert into public.ticks (label) values ('after')$$)`, [
      id,
    ]);
    await vi.waitFor(async () => expect(await ticks("after")).toBeGreaterThan(0), { timeout: 10_000, interval: 200 });
    await sql.query("select cron.alter_job($1, active := false)", [id]);
    const { rows: job } = await sql.query("select active, schedule from cron.job where jobid = $1", [id]);
    expect(job[0]).toEqual({ active: false, schedule: "1 second" });
    await expect(sql.query("select cron.alter_job($1)", [id])).rejects.toThrow("no updates specified");
    await expect(sql.query("select cron.alter_job(999999, schedule := '1 second')")).rejects.toThrow(
      "Job 999999 does not exist or you don't own it",
    );
  });

  it("records a failing command's error and runs the job as its username", async () => {
    await sql.query(`select cron.schedule('broken', '1 second', 'select * from no_such_table')`);
    await sql.query(
      `select cron.schedule_in_database('read-only', '1 second', $$insert into public.ticks (label) values ('ro')$$,
         'postgres', 'supabase_read_only_user')`,
    );
    const [broken] = await finishedRuns("broken", 1);
    expect(broken).toMatchObject({ status: "failed" });
    expect(broken!.return_message).toContain('relation "no_such_table" does not exist');
    const result = await vi.waitFor(
      async () => {
        const { rows } = await sql.query<Run>(
          `select r.status, r.return_message, r.username from cron.job_run_details r join cron.job j using (jobid)
            where j.jobname = 'read-only' and r.status in ('succeeded', 'failed')`,
        );
        expect(rows.length).toBeGreaterThan(0);
        return rows[0]!;
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(result).toMatchObject({ status: "failed", username: "supabase_read_only_user" });
    expect(result.return_message).toContain("permission denied for table ticks");
    expect(await ticks("ro")).toBe(0);
    await sql.query(
      "select cron.unschedule('broken'), cron.unschedule(jobid) from cron.job where jobname = 'read-only'",
    );
  });

  it("never runs one job twice at once", async () => {
    await sql.query(`select cron.schedule('slow', '1 second', 'select pg_sleep(2.5)')`);
    const runs = (await finishedRuns("slow", 3)).slice(0, 3);
    for (let index = 1; index < runs.length; index += 1) {
      expect(runs[index]!.start_time!.getTime()).toBeGreaterThanOrEqual(runs[index - 1]!.end_time!.getTime());
    }
    expect(runs[0]!.return_message).toBe("1 row");
    await sql.query("select cron.unschedule('slow')");
  });

  it.each([
    ["* * * *"],
    ["61 * * * *"],
    ["* 24 * * *"],
    ["0 seconds"],
    ["60 seconds"],
    ["5 minutes"],
    ["every day"],
    ["*/0 * * * *"],
  ])("refuses the schedule %j with pg_cron's error", async (schedule) => {
    const error = await sql.query("select cron.schedule('bad', $1, 'select 1')", [schedule]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as pg.DatabaseError).message).toBe(`invalid schedule: ${schedule}`);
    expect((error as pg.DatabaseError).hint).toBe(
      "Use cron format (e.g. 5 4 * * *), or interval format '[1-59] seconds'",
    );
    expect((error as pg.DatabaseError).code).toBe("22023");
  });

  it("agrees with the scheduler's parser (cron-parser) on which schedules are valid", async () => {
    const schedules = [
      "* * * * *",
      "*/5 * * * *",
      "0 4 * * 1-5",
      "30 2 1,15 * *",
      "0 0 $ * *",
      "0 9 * jan,jul mon",
      "@hourly",
      "@daily",
      "@reboot",
      "1 second",
      "59 seconds",
      "10seconds",
      "0 0 * * 7",
      "* * * *",
      "60 * * * *",
      "* * 0 * *",
      "* * * 13 *",
      "* * * * 8",
      "5-1 * * * *",
      "0 seconds",
      "61 seconds",
      "@never",
      "* * * * * *",
      "abc",
      "*/0 * * * *",
    ];
    const { rows } = await sql.query<{ schedule: string; valid: boolean }>(
      "select s as schedule, cron._valid_schedule(s) as valid from unnest($1::text[]) as s",
      [schedules],
    );
    for (const row of rows)
      expect({ schedule: row.schedule, valid: parseSchedule(row.schedule) !== undefined }).toEqual(row);
  });

  it("keeps a role to its own jobs, and only superusers schedule for other roles", async () => {
    const client = await sql.connect();
    try {
      await client.query("begin");
      await client.query("create role cron_tester login");
      await client.query("grant usage on schema cron to cron_tester");
      await client.query("set local role cron_tester");
      const { rows } = await client.query("select count(*)::int as n from cron.job");
      expect(rows[0].n).toBe(0);
      await expect(
        client.query("select cron.schedule_in_database('x', '1 second', 'select 1', 'postgres', 'postgres')"),
      ).rejects.toThrow("permission denied for function schedule_in_database");
    } finally {
      await client.query("rollback");
      client.release();
    }
  });
});

describe("pg_cron logs each job in as its own role", () => {
  /** Schedules `command` every second as `role` (which has usage on cron), as that role would. */
  async function scheduleAs(role: string, jobName: string, command: string): Promise<void> {
    const client = await sql.connect();
    try {
      await client.query(`set role ${role}`);
      await client.query("select cron.schedule($1, '1 second', $2)", [jobName, command]);
    } finally {
      await client.query("reset role");
      client.release();
    }
  }

  beforeAll(async () => {
    await sql.query(`
      create role cron_escalator login;
      create role cron_no_login nologin;
      grant usage on schema cron to cron_escalator, cron_no_login;
      create table public.cron_whoami (job text, session_role text, current_role_name text, superuser text);
      grant insert on public.cron_whoami to cron_escalator, cron_no_login;
    `);
  });

  it("keeps the job's own role after RESET SESSION AUTHORIZATION: no superuser", async () => {
    await scheduleAs(
      "cron_escalator",
      "whoami",
      `reset session authorization;
       insert into public.cron_whoami values ('whoami', session_user, current_user, current_setting('is_superuser'))`,
    );
    await scheduleAs("cron_escalator", "escalate", "reset session authorization; alter role cron_escalator superuser");
    const [whoami] = await finishedRuns("whoami", 1);
    const [escalate] = await finishedRuns("escalate", 1);
    await sql.query("select cron.unschedule(jobid) from cron.job where jobname in ('whoami', 'escalate')");
    expect(whoami).toMatchObject({ status: "succeeded", username: "cron_escalator" });
    const { rows } = await sql.query(
      "select distinct session_role, current_role_name, superuser from public.cron_whoami where job = 'whoami'",
    );
    expect(rows).toEqual([{ session_role: "cron_escalator", current_role_name: "cron_escalator", superuser: "off" }]);
    expect(escalate).toMatchObject({ status: "failed", username: "cron_escalator" });
    expect(escalate!.return_message).toContain("permission denied to alter role");
    const role = await sql.query("select rolsuper from pg_roles where rolname = 'cron_escalator'");
    expect(role.rows).toEqual([{ rolsuper: false }]);
  });

  it("fails the runs of a role that may not log in with pg_cron's `connection failed`", async () => {
    await scheduleAs(
      "cron_no_login",
      "no-login",
      "insert into public.cron_whoami values ('no-login', session_user, current_user, current_setting('is_superuser'))",
    );
    const [run] = await finishedRuns("no-login", 1);
    await sql.query("select cron.unschedule(jobid) from cron.job where jobname = 'no-login'");
    expect(run).toMatchObject({ status: "failed", return_message: "connection failed", username: "cron_no_login" });
    expect((await sql.query("select 1 from public.cron_whoami where job = 'no-login'")).rows).toEqual([]);
  });
});

describe("pg_cron from a request", () => {
  it("schedules through an RPC, whose session reaches PostgreSQL on its Unix socket, with the server's port", async () => {
    await sql.query(`
      create function public.schedule_nightly() returns bigint language sql security definer set search_path = ''
        as $$ select cron.schedule('nightly-from-rpc', '0 3 * * *', 'select 1') $$;
      revoke execute on function public.schedule_nightly() from public, anon, authenticated;
      grant execute on function public.schedule_nightly() to service_role;
      notify pgrst, 'reload schema';
    `);
    const { API_URL: url, SERVICE_ROLE_KEY: key } = t.stack.status();
    const service = testClient(url, key);
    const scheduled = await vi.waitFor(
      async () => {
        const answer = await service.rpc("schedule_nightly");
        expect(answer.status, JSON.stringify(answer.error)).not.toBe(404);
        return answer;
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(scheduled.error).toBeNull();
    const { rows } = await sql.query(
      "select nodeport, current_setting('port')::int as port from cron.job where jobid = $1",
      [scheduled.data],
    );
    expect(rows).toEqual([{ nodeport: rows[0]?.port, port: expect.any(Number) }]);
    await sql.query("select cron.unschedule('nightly-from-rpc'); drop function public.schedule_nightly()");
  });
});

describe("pg_cron across db reset", () => {
  it("drops the jobs with the database and runs the new database's jobs", async () => {
    await sql.query(`select cron.schedule('old', '1 second', 'select 1')`);
    await t.stack.resetDatabase(false);
    const fresh = new pg.Pool({ connectionString: t.stack.db.url, max: 1 });
    try {
      expect((await fresh.query("select count(*)::int as n from cron.job")).rows[0].n).toBe(0);
      await fresh.query(`select cron.schedule('new', '1 second', $$insert into public.ticks (label) values ('new')$$)`);
      await vi.waitFor(
        async () =>
          expect((await fresh.query("select count(*)::int as n from public.ticks")).rows[0].n).toBeGreaterThan(0),
        { timeout: 10_000, interval: 200 },
      );
    } finally {
      await fresh.end();
    }
  });
});

describe("pg_cron across a restart", () => {
  it("keeps jobs, fails runs the stop interrupted, and runs the jobs again", async () => {
    const restartable = await startTestStack("cron-net");
    let second: Awaited<ReturnType<typeof startStack>> | undefined;
    try {
      const before = new pg.Client({ connectionString: restartable.stack.db.url });
      await before.connect();
      await before.query(
        `select cron.schedule('survivor', '1 second', $$insert into public.ticks (label) values ('survivor')$$)`,
      );
      await vi.waitFor(
        async () => {
          const { rows } = await before.query("select count(*)::int as n from public.ticks where label = 'survivor'");
          expect(rows[0].n).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 200 },
      );
      await before.end();
      await restartable.stack.stop();

      second = await startStack({
        workdir: restartable.project.workdir,
        dataDir: restartable.project.dataDir,
        ports: { api: 0, db: 0, inbucket: 0 },
        logger: pino({ level: "silent" }),
      });
      const after = new pg.Client({ connectionString: second.db.url });
      await after.connect();
      try {
        const { rows: jobs } = await after.query("select jobname from cron.job");
        expect(jobs).toEqual([{ jobname: "survivor" }]);
        const { rows: marker } = await after.query("select max(runid)::int as last from cron.job_run_details");
        await vi.waitFor(
          async () => {
            const { rows } = await after.query(
              "select count(*)::int as n from cron.job_run_details where runid > $1 and status = 'succeeded'",
              [marker[0].last],
            );
            expect(rows[0].n).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 200 },
        );
        const { rows: stuck } = await after.query(
          "select count(*)::int as n from cron.job_run_details where status in ('starting', 'running') and runid <= $1",
          [marker[0].last],
        );
        expect(stuck[0].n).toBe(0);
      } finally {
        await after.end();
      }
    } finally {
      await second?.stop();
      await restartable.project.remove();
    }
  });
});
