import { defineConfig } from "vitest/config";

// Two projects: `unit` needs nothing running; `integration` talks to the real Kafka, Schema
// Registry, ClickHouse and Redis started by deploy/local (scripts/test.sh brings them up).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "services/**/*.test.ts",
            "streams/**/*.test.ts",
            "tests/**/*.test.ts",
            "deploy/**/*.test.ts",
          ],
          exclude: ["**/*.int.test.ts", "**/node_modules/**", "**/.local/**"],
          // Timeouts guard against hangs, never measure speed: the machines are shared and noisy.
          // Hooks that build the routing network take ~10 s on a clean checkout (the landmark
          // distances are not cached yet) and more when both workers do it at once; a seeded
          // property test of 1,500 cases took 4.1 s in one run and over 5 s in the next.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["**/*.int.test.ts"],
          globalSetup: ["tests/integration-setup.ts"],
          exclude: ["**/node_modules/**", "**/.local/**"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
