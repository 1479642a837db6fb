/**
 * Hands `data` to `push` cut at the given offsets (in any order), the way a pipe may deliver a
 * stream: the parsers of git's output must give the same answer for every cut.
 */
export function pushInChunks(data: Buffer, cuts: readonly number[], push: (chunk: Buffer) => void) {
  let start = 0;
  for (const cut of [...cuts].sort((x, y) => x - y)) {
    push(data.subarray(start, cut));
    start = cut;
  }
  push(data.subarray(start));
}
