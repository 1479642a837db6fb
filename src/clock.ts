import { setTimeout as sleep } from "node:timers/promises";
import type { Clock } from "./core/clock.js";

/**
 * The system's clock, the only one the CLI uses, and the only module that reads the time or sets
 * a timer (test/architecture/layers.test.ts holds it so). The commands hand it to the use cases.
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, signal ? { signal } : {}),
};
