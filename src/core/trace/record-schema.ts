import { z } from "zod";

const sha256 = z
  .string()
  .regex(/^sha256:[0-9a-f]{64}$/, { error: '"sha256:" and 64 lowercase hex digits' });
const objectId = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/, { error: "a git object ID" });

/** One side of a file change: the blob's SHA-256 (null for a submodule), mode and git object ID. */
const FileSide = z.object({
  sha256: sha256.nullable(),
  mode: z.string().regex(/^[0-7]{6}$/),
  oid: objectId,
});

const Contributor = z.object({
  entity_type: z.enum(["AI", "HUMAN"]),
  model_identifier: z.string().min(1).optional(),
  agent_id: z.string().min(1).optional(),
  name: z.string().optional(),
  email: z.string().optional(),
});

const LineRange = z
  .object({
    start_line: z.number().int().min(1),
    end_line: z.number().int().min(1),
    content_hash: sha256,
    line_hashes: z
      .array(z.string().regex(/^[0-9a-f]{16}$/, { error: "16 lowercase hex digits" }))
      .optional()
      .meta({
        description:
          'One hash per line of the range, in order (end_line - start_line + 1 of them), so that a single line can be matched by its content: blame uses them to recover a line\'s intent and contributor when the commit git blame names has no record (a squash merge of traced commits). Each is the first 16 lowercase hex digits of the SHA-256 of the line\'s content taken as content_hash takes it: the bytes git stores, without the line\'s "\\n" or "\\r\\n" terminator (a lone "\\r" ending an unterminated last line is content). To recompute: split `git show <commit>:<path>` at "\\n", drop the final "\\r" of each line a "\\n" ended, hash lines start_line..end_line. Optional: records written before it existed are valid without it.',
      }),
  })
  .refine((range) => range.end_line >= range.start_line, { error: "end_line before start_line" })
  .superRefine((range, context) => {
    const lines = range.end_line - range.start_line + 1;
    if (range.line_hashes === undefined || range.line_hashes.length === lines) return;
    context.addIssue({
      code: "custom",
      path: ["line_hashes"],
      message: `${range.line_hashes.length} line hashes for a range of ${lines} lines (lines ${range.start_line}-${range.end_line}); expected one per line`,
    });
  });

const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: "base64" });

const TracedFile = z.object({
  relative_path: z.string().min(1).meta({
    description:
      "The path after the change, repo-root relative. git names files by bytes: when the name is not valid UTF-8, this shows it with U+FFFD and relative_path_base64 holds its exact bytes.",
  }),
  relative_path_base64: base64.optional().meta({
    description:
      "The path's exact bytes (base64), present only when they are not valid UTF-8. Two such names that look alike in relative_path are two files.",
  }),
  operation: z.enum(["create", "modify", "delete", "rename"]),
  old_path: z.string().min(1).nullable(),
  old_path_base64: base64.optional().meta({
    description: "old_path's exact bytes (base64), present only when they are not valid UTF-8.",
  }),
  before: FileSide.nullable(),
  after: FileSide.nullable(),
  contributor: Contributor,
  ranges: z.array(LineRange),
  mutation_class: z.enum(["AST_REFACTOR", "INTENT_EVOLUTION"]),
  related: z.array(z.object({ type: z.string().min(1), value: z.string().min(1) })),
});

/**
 * A trace record: one commit, keyed to its SHA, one JSON object per line in the note. The
 * fields of the seed format (id, timestamp, intent_id, vcs, files with contributor, ranges,
 * mutation_class, related) plus the change model (operation, old_path, before, after) and the
 * commit's parents. `intent_id` is null when the commit carries no Intent: trailer.
 */
export const TraceRecord = z.object({
  id: z.uuid({ version: "v4" }),
  timestamp: z.iso.datetime({ offset: true }),
  intent_id: z.string().min(1).nullable(),
  vcs: z.object({ type: z.literal("git"), revision_id: objectId }),
  parents: z.array(objectId),
  tool: z.object({ name: z.literal("intentguard"), version: z.string() }),
  files: z.array(TracedFile),
  ledger: z
    .object({
      clone: z.string().min(1),
      seq: z.number().int().min(1),
      line_hash: sha256,
    })
    .optional()
    .meta({
      description:
        "Where the clone that wrote the record logged it: that clone's identity, the line number (seq) of its commit_traced event in its ledger, and the SHA-256 of that line. The line carries the record's digest (SHA-256 of the record's canonical JSON — keys sorted, no whitespace — without this field), so the clone's ledger vouches for the record and the record for the ledger.",
    }),
});

export type TraceRecord = z.output<typeof TraceRecord>;
export type TracedFile = TraceRecord["files"][number];
