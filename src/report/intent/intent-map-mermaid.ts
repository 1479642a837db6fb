import type { IntentMap } from "../../core/trace/intent-map.js";
import { printable } from "../text/messages.js";

/**
 * The intent map as a mermaid diagram, intent → files, in a fenced block. One node per intent
 * (and one for governance, which is none of them) and per file, so a file two intents touched
 * shows both edges.
 */
export function intentMapMermaid(map: IntentMap): string[] {
  const sources = map.intents.map((entry) => ({
    label: entry.id ?? "no intent",
    files: entry.files,
  }));
  if (map.governance.length > 0) sources.push({ label: "governance", files: map.governance });
  const allFiles = [
    ...new Set(sources.flatMap((source) => source.files.map((file) => file.path))),
  ].sort();
  const fileIds = new Map(allFiles.map((file, index) => [file, `f${index}`]));
  const out = ["```mermaid", "graph LR"];
  for (const [index, source] of sources.entries()) {
    out.push(`  i${index}["${escapeLabel(source.label)}"]`);
  }
  for (const file of allFiles) out.push(`  ${fileIds.get(file)}["${escapeLabel(file)}"]`);
  sources.forEach((source, index) => {
    const paths = source.files.map((file) => file.path).sort();
    for (const path of paths) out.push(`  i${index} --> ${fileIds.get(path)}`);
  });
  out.push("```");
  return out;
}

/** A label mermaid shows as written: quotes as entities, control characters escaped. */
function escapeLabel(text: string): string {
  return printable(text).replaceAll('"', "#quot;");
}
