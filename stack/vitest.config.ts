import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/**/*.test.ts"],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/**/*.test.ts"],
          sequence: { groupOrder: 1 },
          // The CLI tests spawn bin/parley-stack.js, which runs dist/: build it when src/ changed.
          globalSetup: ["./test/support/build-stack.ts"],
          // Each file starts its own stack (embedded PostgreSQL); two cores, so keep it modest.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
