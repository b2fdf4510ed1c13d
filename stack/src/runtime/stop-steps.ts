import type { Logger } from "pino";

/**
 * What a start has to undo, last started first. A failing step is logged and the rest still run,
 * so one stuck service never leaves PostgreSQL behind.
 */
export class StopSteps {
  readonly #steps: (() => Promise<void>)[] = [];

  constructor(private readonly logger: Logger) {}

  /** Undone before everything added earlier. */
  add(step: () => Promise<void>): void {
    this.#steps.push(step);
  }

  /** Undone after everything else (the state file: removed once all has stopped). */
  addLast(step: () => Promise<void>): void {
    this.#steps.unshift(step);
  }

  async run(): Promise<void> {
    const steps = this.#steps.splice(0).reverse();
    for (const step of steps)
      await step().catch((error: unknown) => this.logger.error({ err: error }, "stop step failed"));
  }
}
