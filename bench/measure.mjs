// Timing and memory helpers. Jobs run interleaved (one of each per round) so that drift on a
// shared machine hits every job alike, and ratios are taken per round, then the median: a slow
// moment inflates both sides of a round's ratio instead of one side of the whole comparison.
import { spawnSync } from "node:child_process";

export function timeOnce(command, args, options) {
  const start = process.hrtime.bigint();
  const stdin = options?.input === undefined ? "ignore" : "pipe";
  const result = spawnSync(command, args, { ...options, stdio: [stdin, "ignore", "pipe"] });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs every named job once per round, `rounds` times; returns each job's samples in ms. */
export function interleaved(jobs, rounds) {
  const samples = Object.fromEntries(Object.keys(jobs).map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, job] of Object.entries(jobs)) samples[name].push(job());
  }
  return samples;
}

/** The median over rounds of measured(round) / floor(round). */
export function pairedRatio(measured, floor) {
  return median(measured.map((value, round) => value / floor[round]));
}

/** Peak resident memory of a command in MB, via the kernel's rusage of finished children. */
export function peakMemoryMb(command, args, options) {
  const script =
    "import resource, subprocess, sys\n" +
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)\n" +
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)";
  const result = spawnSync("python3", ["-c", script, command, ...args], {
    ...options,
    encoding: "utf8",
  });
  if (result.status !== 0) return Number.NaN;
  return Number(result.stdout.trim()) / 1024;
}

/** The interquartile range of samples, as "low–high" with one decimal. */
export function spread(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => {
    const position = (sorted.length - 1) * q;
    const low = Math.floor(position);
    const high = Math.ceil(position);
    return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
  };
  return `${at(0.25).toFixed(1)}–${at(0.75).toFixed(1)}`;
}
