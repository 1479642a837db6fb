import { objectIdSource } from "../core/commit/object-id.js";
import { type RunningGit, startGit, streamGit } from "./exec.js";

/** The line `cat-file --batch` answers a found object with: "<id> <type> <size>". */
const batchHeader = new RegExp(`^(${objectIdSource}) ([a-z]+) ([0-9]+)$`);

/** Receives one object's bytes as they stream in, then its end. */
export interface ObjectSink {
  write(bytes: Buffer): void;
  end(): void;
}

/** Opens a sink for an object found under `name`; null when git says the name is missing. */
export type SinkFactory = (
  name: string,
  object: { oid: string; type: string; size: number } | null,
) => ObjectSink | null;

const LF = 10;

/**
 * Runs one `git cat-file --batch` for all `names` and streams each object's content into the sink
 * made for it: nothing larger than a pipe chunk is held unless a sink keeps it.
 */
export async function catFileBatch(
  dir: string,
  names: readonly string[],
  open: SinkFactory,
): Promise<void> {
  if (names.length === 0) return;
  const reader = new BatchReader(names, open);
  await streamGit(dir, ["cat-file", "--batch"], (chunk) => reader.push(chunk), {
    input: `${names.join("\n")}\n`,
  });
  reader.end();
}

/**
 * Cuts `git cat-file --batch` output into objects: a header line (`<oid> <type> <size>`, or
 * `<name> missing`) and then exactly `size` bytes and a newline, whatever the chunk boundaries.
 * The names it expects, in order, can be given up front or added as a job finds them.
 */
export class BatchReader {
  private readonly expected: { name: string; open: SinkFactory; done?: () => void }[] = [];
  private next = 0;
  private pending: Buffer = Buffer.alloc(0);
  private current: { sink: ObjectSink | null; remaining: number; done?: () => void } | null = null;

  constructor(names: readonly string[] = [], open?: SinkFactory) {
    if (open) for (const name of names) this.expected.push({ name, open });
  }

  /** Expects the answer for `name` after those already expected; `done` runs once it is read. */
  expect(name: string, open: SinkFactory, done?: () => void): void {
    this.expected.push(done ? { name, open, done } : { name, open });
  }

  push(chunk: Buffer): void {
    let data = this.pending.length > 0 ? Buffer.concat([this.pending, chunk]) : chunk;
    while (data.length > 0) {
      if (this.current) {
        data = this.content(data);
        continue;
      }
      const newline = data.indexOf(LF);
      if (newline === -1) break;
      this.header(data.toString("utf8", 0, newline));
      data = data.subarray(newline + 1);
    }
    this.pending = Buffer.from(data);
  }

  end(): void {
    if (this.current || this.next < this.expected.length) {
      throw new Error("git cat-file --batch ended before answering every name");
    }
  }

  private header(line: string): void {
    const expected = this.expected[this.next];
    if (!expected)
      throw new Error(`git cat-file --batch answered a name it was not asked: ${line}`);
    this.next += 1;
    // Answered entries are dropped as the job goes: a session may read millions of objects.
    if (this.next > 1024 && this.next * 2 > this.expected.length) {
      this.expected.splice(0, this.next);
      this.next = 0;
    }
    const found = batchHeader.exec(line);
    if (!found) {
      expected.open(expected.name, null); // "<name> missing" or "<name> ambiguous"
      expected.done?.();
      return;
    }
    const size = Number(found[3]);
    const sink = expected.open(expected.name, { oid: found[1] ?? "", type: found[2] ?? "", size });
    // The content, then a newline.
    this.current = { sink, remaining: size + 1, ...(expected.done ? { done: expected.done } : {}) };
  }

  /** Consumes content bytes of the current object; returns what is left of `data`. */
  private content(data: Buffer): Buffer {
    const current = this.current;
    if (!current) return data;
    const take = Math.min(current.remaining, data.length);
    current.remaining -= take;
    const body = current.remaining === 0 ? data.subarray(0, take - 1) : data.subarray(0, take);
    if (body.length > 0) current.sink?.write(body);
    if (current.remaining === 0) {
      current.sink?.end();
      this.current = null;
      current.done?.();
    }
    return data.subarray(take);
  }
}

/**
 * One `git cat-file --batch` kept open for a whole job: names are written as the job finds them
 * and the answers come back in order. A job over a long range (verify, a range check) reads every
 * object it needs with one process, without knowing them all up front and without holding them
 * all at once.
 */
export class CatFileSession {
  private readonly reader = new BatchReader();
  private readonly process: RunningGit;

  constructor(dir: string) {
    this.process = startGit(dir, ["cat-file", "--batch"], (chunk) => this.reader.push(chunk));
  }

  /** Reads `names` (each into the sink `open` makes for it); resolves once all are read. */
  read(names: readonly string[], open: SinkFactory): Promise<void> {
    if (names.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      let left = names.length;
      const done = () => {
        left -= 1;
        if (left === 0) resolve();
      };
      for (const name of names) this.reader.expect(name, open, done);
      this.process.write(`${names.join("\n")}\n`);
      this.process.finished.catch(reject);
    });
  }

  /** Ends the session once every name asked for is answered. */
  async close(): Promise<void> {
    await this.process.end();
    this.reader.end();
  }
}
