/** What a push or fetch of the trace notes did, as facts (src/report/trace/notes-sync-text.ts words them). */
export type NotesSync =
  | { kind: "nothing-to-push" }
  | { kind: "pushed"; remote: string }
  | { kind: "remote-has-none"; remote: string }
  | { kind: "merged"; remote: string }
  /** The remote's notes ref names a blob or a tree, which no notes merge can take. */
  | { kind: "remote-notes-not-commit"; remote: string }
  /** git's `push` or `fetch` failed; `gitSays`: its standard error, as it wrote it. */
  | { kind: "failed"; action: "push" | "fetch"; remote: string; gitSays: string };

/** Whether the push or fetch did not happen (the caller says so; a hook lets the push go on). */
export function notesSyncFailed(sync: NotesSync): boolean {
  return sync.kind === "failed" || sync.kind === "remote-notes-not-commit";
}
