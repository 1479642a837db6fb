import { streamGit } from "./exec.js";

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
 */
export class BatchReader {
  private next = 0;
  private pending: Buffer = Buffer.alloc(0);
  private current: { sink: ObjectSink | null; remaining: number } | null = null;

  constructor(
    private readonly names: readonly string[],
    private readonly open: SinkFactory,
  ) {}

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
    if (this.current || this.next < this.names.length) {
      throw new Error("git cat-file --batch ended before answering every name");
    }
  }

  private header(line: string): void {
    const name = this.names[this.next] ?? "";
    this.next += 1;
    const found = /^([0-9a-f]{40,64}) ([a-z]+) ([0-9]+)$/.exec(line);
    if (!found) {
      this.open(name, null); // "<name> missing" or "<name> ambiguous"
      return;
    }
    const size = Number(found[3]);
    const sink = this.open(name, { oid: found[1] ?? "", type: found[2] ?? "", size });
    this.current = { sink, remaining: size + 1 }; // the content, then a newline
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
    }
    return data.subarray(take);
  }
}
