import { afterEach, vi } from "vitest";

// An unexpected console.error is a bug the test did not see: fail it.
// Tests that expect one stub console.error themselves (vi.spyOn(console, "error")).
let unexpected: unknown[][] = [];
// Where files share a process (isolate: false) this runs before each: wrap the real console.error once.
const slot = globalThis as typeof globalThis & { __consoleErrorBeforeTests?: typeof console.error };
slot.__consoleErrorBeforeTests ??= console.error;
const original = slot.__consoleErrorBeforeTests;
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
