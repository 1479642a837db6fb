import { z } from "zod";
import { objectIdSource } from "../commit/object-id.js";
import { recordVersion, withheldRecordVersion } from "./record-version.js";

const sha256 = z
  .string()
  .regex(/^sha256:[0-9a-f]{64}$/, { error: '"sha256:" and 64 lowercase hex digits' });
const objectId = z.string().regex(new RegExp(`^${objectIdSource}$`), { error: "a git object ID" });

/** One side of a file change: the blob's SHA-256 (null for a submodule), mode and git object ID. */
const FileSide = z.object({
  sha256: sha256.nullable().meta({
    description: "SHA-256 of the blob's bytes as git stores them; null for a submodule.",
  }),
  mode: z
    .string()
    .regex(/^[0-7]{6}$/)
    .meta({ description: "git's mode: 100644, 100755, 120000 (symlink), 160000 (submodule)." }),
  oid: objectId.meta({ description: "git's object ID of the blob (or the submodule's commit)." }),
});

const Contributor = z
  .object({
    entity_type: z.enum(["AI", "HUMAN"]).meta({ description: "An AI model, or a person." }),
    model_identifier: z
      .string()
      .min(1)
      .optional()
      .meta({ description: 'The AI\'s model, as declared, e.g. "anthropic/claude-sonnet-4-6".' }),
    agent_id: z
      .string()
      .min(1)
      .optional()
      .meta({ description: "The agent (harness, role) that ran the model, as declared." }),
    name: z.string().optional().meta({ description: "A person's name (the commit's author)." }),
    email: z.string().optional().meta({ description: "A person's e-mail (the commit's author)." }),
  })
  .meta({ description: "Who made lines: a person, or an AI model and the agent that ran it." });

const lineHashes = z
  .array(z.string().regex(/^[0-9a-f]{16}$/, { error: "16 lowercase hex digits" }))
  .meta({
    description:
      'One hash per line of the range, in order (end_line - start_line + 1 of them), so that a single line can be matched by its content: blame uses them to recover a line\'s intent and contributor when the commit git blame names has no record (a squash merge of traced commits), and the hooks to carry an AI\'s lines into a squash or a copy. Each is the first 16 lowercase hex digits of the SHA-256 of the line\'s content taken as content_hash takes it: the bytes git stores, without the line\'s "\\n" or "\\r\\n" terminator (a lone "\\r" ending an unterminated last line is content). To recompute: split `git show <commit>:<path>` at "\\n", drop the final "\\r" of each line a "\\n" ended, hash lines start_line..end_line. Optional in version 1: records written before it existed are valid without it.',
  });

const rangeFields = {
  start_line: z
    .number()
    .int()
    .min(1)
    .meta({ description: "The range's first line in the file after the commit (1-based)." }),
  end_line: z.number().int().min(1).meta({ description: "The range's last line (inclusive)." }),
  content_hash: sha256.meta({
    description:
      '"sha256:" + hex SHA-256 of the range\'s lines, each without its "\\n" or "\\r\\n" terminator, joined by "\\n".',
  }),
};

/** A range's bounds and line hashes agree: one hash per line. */
function checkRange<
  S extends z.ZodType<{ start_line: number; end_line: number; line_hashes?: string[] | undefined }>,
>(schema: S): S {
  return schema
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
}

const LineRangeV1 = checkRange(z.object({ ...rangeFields, line_hashes: lineHashes.optional() }));

const base64 = z.string().regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: "base64" });

/**
 * Why a range has a contributor of its own: where that contributor comes from. Verify holds a
 * `source` to the source's record; the others are the hooks' word, vouched for by the ledger.
 */
const Evidence = z
  .discriminatedUnion("kind", [
    z
      .object({
        kind: z.literal("source").meta({ description: "Another record holds the lines." }),
        commit: objectId.meta({ description: "The commit whose record holds the lines." }),
        path: z.string().min(1).meta({ description: "The file in that record (relative_path)." }),
        path_base64: base64
          .optional()
          .meta({ description: "The path's exact bytes (base64) when they are not UTF-8." }),
        start_line: z.number().int().min(1).meta({
          description: "The first of the lines in that commit's file (its numbering).",
        }),
        end_line: z.number().int().min(1).meta({ description: "The last of them (inclusive)." }),
      })
      .refine((source) => source.end_line >= source.start_line, {
        error: "end_line before start_line",
      })
      .meta({
        description:
          "The same lines, in the same order, are recorded as this contributor in another commit's record (a merge --squash, a cherry-pick whose note did not travel, a copied block, an amended or rebased commit): that record's ranges hold these line hashes at these lines, with this contributor.",
      }),
    z
      .object({
        kind: z.literal("observed").meta({ description: "An agent's hook saw them written." }),
        agent_id: z.string().min(1).optional().meta({ description: "The agent that wrote them." }),
        model_identifier: z.string().min(1).optional().meta({ description: "Its model." }),
        session_id: z.string().min(1).optional().meta({ description: "The agent's session." }),
        tool_use_id: z
          .string()
          .min(1)
          .optional()
          .meta({ description: "The tool call that wrote the lines." }),
      })
      .meta({
        description:
          "An agent was seen writing these lines (its hook's checkpoint): the agent, model, session and tool call that wrote them.",
      }),
    z
      .object({
        kind: z.literal("declared").meta({ description: "Declared when committing." }),
        by: z
          .enum(["environment", "trailers"])
          .meta({ description: "INTENTGUARD_* variables, or Contributor-* trailers." }),
      })
      .meta({
        description:
          "Declared when the commit was made: by INTENTGUARD_CONTRIBUTOR / _MODEL / _AGENT, or by the commit's Contributor-* trailers.",
      }),
  ])
  .meta({ description: "Where a range's own contributor comes from." });

const Withheld = z
  .object({
    kind: z.literal("withheld").meta({ description: "What vouched for them was tampered with." }),
    how: z
      .enum(["changed", "removed"])
      .meta({ description: "The agent's observations were changed, or removed." }),
    agent_id: z.string().min(1).optional().meta({ description: "The agent they were seen from." }),
    session_id: z.string().min(1).optional().meta({ description: "The agent's session." }),
  })
  .meta({
    description:
      "An agent's hook saw these lines written, and what it saw was changed or removed other than by intentguard before they were committed: nothing vouches for who wrote them, so the range names no contributor — the lines are nobody's (unattributed), never the committer's.",
  });

const EvidenceV3 = z
  .discriminatedUnion("kind", [...Evidence.options, Withheld])
  .meta({ description: "Where a range's own contributor comes from, or why it has none." });

/** A range of version 2 (evidence as in 2) or 3 (also `withheld`, with no contributor). */
function lineRange<E extends typeof Evidence | typeof EvidenceV3>(evidence: E) {
  return checkRange(
    z.object({
      ...rangeFields,
      line_hashes: lineHashes,
      contributor: Contributor.optional().meta({
        description:
          "Who wrote this range, when not the file's contributor; with its evidence (none when the evidence is withheld). Ranges are the maximal runs of added lines, split only where the contributor changes.",
      }),
      evidence: evidence.optional(),
    }),
  ).refine(
    (range) =>
      (range.contributor === undefined) ===
      (range.evidence === undefined || range.evidence.kind === "withheld"),
    { error: "a range's contributor and its evidence come together (a withheld range has none)" },
  );
}

const LineRangeV2 = lineRange(Evidence);
const LineRangeV3 = lineRange(EvidenceV3);

const fileHead = {
  relative_path: z.string().min(1).meta({
    description:
      "The path after the change, repo-root relative. git names files by bytes: when the name is not valid UTF-8, this shows it with U+FFFD and relative_path_base64 holds its exact bytes.",
  }),
  relative_path_base64: base64.optional().meta({
    description:
      "The path's exact bytes (base64), present only when they are not valid UTF-8. Two such names that look alike in relative_path are two files.",
  }),
  operation: z.enum(["create", "modify", "delete", "rename"]).meta({
    description:
      "What the commit did to the file: a copy is a create naming its source in old_path; a mode or type change is a modify.",
  }),
  old_path: z.string().min(1).nullable().meta({
    description: "The path before a rename (or a copy's source); null otherwise.",
  }),
  old_path_base64: base64.optional().meta({
    description: "old_path's exact bytes (base64), present only when they are not valid UTF-8.",
  }),
  before: FileSide.nullable().meta({
    description: "The file before the commit; null when created.",
  }),
  after: FileSide.nullable().meta({ description: "The file after the commit; null when deleted." }),
};

// Apart from the head, so that the fields keep the order the hooks write them in: readers return
// what the schema checked, in its order, and `trace export` writes records as stored.
const fileTail = {
  mutation_class: z.enum(["AST_REFACTOR", "INTENT_EVOLUTION"]).meta({
    description:
      "INTENT_EVOLUTION: a file created or deleted, or an edit of anything but source code (a lock file, configuration, a document, a binary): what the code base does or says changes. AST_REFACTOR: an edit of source code, or a rename without an edit.",
  }),
  related: z
    .array(
      z.object({
        type: z.string().min(1).meta({ description: 'What it is: "intent", "issue", …' }),
        value: z.string().min(1).meta({ description: "Its identifier." }),
      }),
    )
    .meta({
      description: "The intent and its related_specs (type and value), as the rules define them.",
    }),
};

const TracedFileV1 = z.object({
  ...fileHead,
  contributor: Contributor,
  ranges: z.array(LineRangeV1).meta({ description: "The maximal runs of lines the commit adds." }),
  ...fileTail,
});

function tracedFile<R extends typeof LineRangeV2 | typeof LineRangeV3>(range: R) {
  return z.object({
    ...fileHead,
    contributor: Contributor.optional().meta({
      description:
        "Who made this file's change, when not the record's contributor: the file-level contributor, checked by blame against the commit's Contributor-* trailers.",
    }),
    ranges: z.array(range).meta({
      description:
        "The runs of lines the commit adds, in order: maximal runs, split only where the contributor changes.",
    }),
    ...fileTail,
  });
}

const TracedFileV2 = tracedFile(LineRangeV2);
const TracedFileV3 = tracedFile(LineRangeV3);

const ledger = {
  ledger: z
    .object({
      clone: z.string().min(1).meta({ description: "The identity of the clone that wrote it." }),
      seq: z.number().int().min(1).meta({ description: "Its commit_traced line's number." }),
      line_hash: sha256.meta({ description: "SHA-256 of that ledger line's bytes." }),
    })
    .optional()
    .meta({
      description:
        "Where the clone that wrote the record logged it: that clone's identity, the line number (seq) of its commit_traced event in its ledger, and the SHA-256 of that line. The line carries the record's digest (SHA-256 of the record's canonical JSON — keys sorted, no whitespace — without this field), so the clone's ledger vouches for the record and the record for the ledger.",
    }),
};

const recordFields = {
  id: z.uuid({ version: "v4" }).meta({ description: "The record's own identity (UUID v4)." }),
  timestamp: z.iso
    .datetime({ offset: true })
    .meta({ description: "When the hook wrote the record (ISO 8601)." }),
  intent_id: z.string().min(1).nullable().meta({
    description:
      "The commit's own Intent: trailer; null without one (a governance change, a merge that authors nothing).",
  }),
  vcs: z
    .object({
      type: z.literal("git").meta({ description: "Always git." }),
      revision_id: objectId.meta({ description: "The commit's SHA." }),
    })
    .meta({ description: "The commit the record is keyed to (its note's commit)." }),
  parents: z.array(objectId).meta({ description: "The commit's parents, in order." }),
  tool: z
    .object({
      name: z.literal("intentguard").meta({ description: "Always intentguard." }),
      version: z.string().meta({ description: "Its version (package.json)." }),
    })
    .meta({ description: "The intentguard that wrote the record, and its version." }),
};

/**
 * A version-1 trace record (no `version` field): every file names its contributor, every range is
 * the file's. Still read and verified; no longer written.
 */
export const TraceRecordV1 = z.object({
  ...recordFields,
  files: z.array(TracedFileV1).meta({ description: "Every file the commit changes." }),
  ...ledger,
});

/**
 * A trace record, version 2: one commit, keyed to its SHA, one JSON object per line in the note.
 * The seed format's fields (id, timestamp, intent_id, vcs, files, ranges, mutation_class,
 * related), the change model (operation, old_path, before, after), the commit's parents, and who
 * wrote what at three levels: the record's `contributor` (the commit's, the default), a file's
 * (only where it differs), and a range's (only where it differs, with its evidence).
 */
const recordContributor = Contributor.meta({
  description:
    "Who made the commit (its Contributor-* trailers, else the environment, else a known AI Co-authored-by, else the author): every file's and range's contributor unless they name their own.",
});

export const TraceRecordV2 = z
  .object({
    version: z.literal(recordVersion).meta({ description: "The record format's version: 2." }),
    ...recordFields,
    contributor: recordContributor,
    files: z.array(TracedFileV2).meta({ description: "Every file the commit changes." }),
    ...ledger,
  })
  .meta({
    title: "intentguard trace record, version 2",
    description:
      "One commit's trace: one JSON object per line of its note in refs/notes/intentguard. Readers accept version 1 (no version field) too, and name a newer version as written by a newer intentguard.",
  });

/**
 * Version 3: version 2, whose ranges may also hold `withheld` evidence and no contributor (lines an
 * agent was seen writing whose observations were then tampered with: nobody's). Written only for
 * a commit that has such a range, so that an older intentguard reads every other record, and
 * names this one as written by a newer intentguard rather than crediting the lines to the file's
 * contributor.
 */
export const TraceRecordV3 = z
  .object({
    version: z
      .literal(withheldRecordVersion)
      .meta({ description: "The record format's version: 3." }),
    ...recordFields,
    contributor: recordContributor,
    files: z.array(TracedFileV3).meta({ description: "Every file the commit changes." }),
    ...ledger,
  })
  .meta({
    title: "intentguard trace record, version 3",
    description:
      "Version 2, whose ranges may be withheld (evidence kind withheld, no contributor): lines an agent's hook saw written whose observations were changed or removed before they were committed. Written only for a commit with such a range.",
  });

export type TraceRecordV1 = z.output<typeof TraceRecordV1>;
export type TraceRecordV2 = z.output<typeof TraceRecordV2>;
export type TraceRecordV3 = z.output<typeof TraceRecordV3>;
export type TraceRecord = TraceRecordV1 | TraceRecordV2 | TraceRecordV3;
export type TracedFile = TraceRecord["files"][number];
export type TracedFileV2 = TraceRecordV2["files"][number];
export type TracedFileV3 = TraceRecordV3["files"][number];
export type TracedRange = TracedFile["ranges"][number];
export type RecordContributor = z.output<typeof Contributor>;
export type RangeEvidence = z.output<typeof EvidenceV3>;
export type WithheldEvidence = z.output<typeof Withheld>;
