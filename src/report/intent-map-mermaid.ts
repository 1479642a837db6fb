import type { IntentMap } from "../core/trace/intent-map.js";
import { printable } from "./messages.js";

/**
 * The intent map as a mermaid diagram, intent → files, in a fenced block. One node per intent
 * and per file, so a file two intents touched shows both edges.
 */
export function intentMapMermaid(map: IntentMap): string[] {
  const allFiles = [
    ...new Set(map.intents.flatMap((entry) => entry.files.map((file) => file.path))),
  ].sort();
  const fileIds = new Map(allFiles.map((file, index) => [file, `f${index}`]));
  const out = ["```mermaid", "graph LR"];
  for (const [index, entry] of map.intents.entries()) {
    out.push(`  i${index}["${escapeLabel(entry.id ?? "no intent")}"]`);
  }
  for (const file of allFiles) out.push(`  ${fileIds.get(file)}["${escapeLabel(file)}"]`);
  map.intents.forEach((entry, index) => {
    const paths = entry.files.map((file) => file.path).sort();
    for (const path of paths) out.push(`  i${index} --> ${fileIds.get(path)}`);
  });
  out.push("```");
  return out;
}

/** A label mermaid shows as written: quotes as entities, control characters escaped. */
function escapeLabel(text: string): string {
  return printable(text).replaceAll('"', "#quot;");
}
