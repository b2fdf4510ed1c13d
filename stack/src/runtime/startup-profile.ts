/** One named step of a start and how long it took. */
export interface StartupStep {
  name: string;
  ms: number;
}

/** Times the named steps of a start; `parley-stack start --profile-startup` prints them. */
export interface StartupProfile {
  /** Runs `work` as the step `name` and reports its duration once it settles (failed steps too). */
  time<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/**
 * A profile that hands each finished step to `onStep` (nothing is measured without one).
 * @example const profile = createStartupProfile((step) => console.error(step.name, step.ms));
 */
export function createStartupProfile(onStep?: (step: StartupStep) => void): StartupProfile {
  if (!onStep) return { time: (_name, work) => work() };
  return {
    async time(name, work) {
      const started = performance.now();
      try {
        return await work();
      } finally {
        onStep({ name, ms: performance.now() - started });
      }
    },
  };
}
