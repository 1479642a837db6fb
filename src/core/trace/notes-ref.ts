/** The shared trace: one git note per commit, JSONL, under this ref, pushed with the branch. */
export const notesRef = "refs/notes/intentguard";
