/** What a push or fetch of the trace notes did, as facts (src/report/trace/notes-sync-text.ts words them). */
export type NotesSync =
  | { kind: "nothing-to-push" }
  | { kind: "pushed"; remote: string }
  | { kind: "remote-has-none"; remote: string }
  | { kind: "merged"; remote: string }
  /** git's `push` or `fetch` failed; `gitSays`: its standard error, as it wrote it. */
  | { kind: "failed"; action: "push" | "fetch"; remote: string; gitSays: string };
