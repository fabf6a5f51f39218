import { afterEach, vi } from "vitest";

// An unexpected console.error is a bug the test did not see: fail it.
// Tests that expect one stub console.error themselves (vi.spyOn(console, "error")).
let unexpected: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  if (vi.isMockFunction(console.error)) return;
  unexpected.push(args);
  original(...args);
};

afterEach(() => {
  const errors = unexpected;
  unexpected = [];
  if (errors.length)
    throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(" ")).join("\n")}`);
});
