import pino from "pino";
import { startStack, type StackHandle, type StartStackOptions } from "../../src/index.ts";
import { tempProject, type ProjectSource, type TempProject } from "./project.ts";

export interface TestStack {
  stack: StackHandle;
  project: TempProject;
  url: string;
  /** Stops the stack and removes its folders. */
  close(): Promise<void>;
}

/**
 * Starts a real stack (embedded PostgreSQL included) for a fixture project (or the repository's own
 * `supabase/`, with REPOSITORY_PROJECT) on free ports with a temporary data folder. Set
 * PARLEY_TEST_LOG=debug to see its log.
 */
export async function startTestStack(
  fixture: ProjectSource = "basic",
  options: Partial<StartStackOptions> = {},
): Promise<TestStack> {
  const project = await tempProject(fixture);
  const logger = pino({ level: process.env.PARLEY_TEST_LOG ?? "silent" });
  try {
    const stack = await startStack({
      workdir: project.workdir,
      dataDir: project.dataDir,
      ports: { api: 0, db: 0, inbucket: 0 },
      logger,
      ...options,
    });
    return {
      stack,
      project,
      url: stack.status().API_URL,
      close: async () => {
        await stack.stop();
        await project.remove();
      },
    };
  } catch (error) {
    await project.remove();
    throw error;
  }
}
