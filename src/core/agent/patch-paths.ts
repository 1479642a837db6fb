/**
 * The files an apply_patch text writes (Codex's patch format, also used by other agents): every
 * `*** Add File:`, `*** Update File:`, `*** Delete File:` header and every `*** Move to:`
 * destination. Null when the text is not such a patch.
 */
export function patchPaths(text: string): string[] | null {
  if (!text.includes("*** Begin Patch")) return null;
  const paths: string[] = [];
  // Codex's parser trims each line (Rust's trim: Unicode white space, NEL included) before it
  // reads a header: so does this.
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.replace(/^[\s\u0085]+|[\s\u0085]+$/g, "");
    const match = /^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/.exec(trimmed);
    if (match?.[1] && match[1].trim() !== "") paths.push(match[1].trim());
  }
  return paths;
}
