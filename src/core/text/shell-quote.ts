/**
 * Quotes a word for a POSIX shell, only when it needs it, so suggested commands paste safely.
 * Suggested commands put paths after `--`, so a leading dash needs no quoting.
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
