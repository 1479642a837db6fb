import path from "node:path";
import { shellWord, simpleCommands } from "./shell-words.js";

/**
 * What in a shell command would switch off the gate that judges an agent, as facts the deny words:
 * - `intentguard-off`: INTENTGUARD=0, which every hook of ours honours (a person's escape);
 * - `hooks-path`: setting or removing core.hooksPath, which moves git's hooks away from ours;
 * - `config-include`: setting include.path or includeIf.*.path (an included file can set it);
 * - `config-environment`: GIT_CONFIG_* variables, which set any key for the commands they reach;
 * - `git-directory`: writing into git's directory (refs, hooks, config, our own state) or any
 *   `.git` (a planted one moves what git takes for a work tree) other than through git;
 * - `git-config-file`: writing git's global configuration file other than through `git config`.
 * `what` is the word or command that does it, as written.
 */
export type GateSwitch =
  | { kind: "intentguard-off"; what: string }
  | { kind: "hooks-path"; what: string }
  | { kind: "config-include"; what: string }
  | { kind: "config-environment"; what: string }
  | { kind: "git-directory"; what: string; target: string }
  | { kind: "git-config-file"; what: string; target: string };

/** Where a command runs: the paths that are git's own there. */
export interface ShellPlace {
  cwd: string;
  home: string;
  /** The work tree's git directory and the repository's common one (absolute). */
  gitDirs: readonly string[];
  /** git's global configuration files (absolute). */
  configFiles: readonly string[];
}

/**
 * What in a shell command switches the gate off, read before it runs (shell-words.ts): nothing
 * for git's own commands that move refs (update-ref, commit --no-verify: the reference-transaction
 * hook judges them), for reads (`cat .git/config`, `git config --get core.hooksPath`), and for
 * ordinary git use (`git remote add`, `git config user.email …`, `git push -u`).
 */
export function gateSwitches(text: string, place: ShellPlace): GateSwitch[] {
  const found: GateSwitch[] = [];
  let cwd = place.cwd;
  for (const command of simpleCommands(text)) {
    const { assignments, words } = splitAssignments(command.words);
    for (const assignment of assignments) environmentSwitch(assignment, found);
    const [name, ...args] = unwrapped(words);
    const program = name ? path.posix.basename(name) : "";
    const here = { ...place, cwd };
    for (const target of command.redirections) {
      fileSwitch(`> ${target}`, target, here, found);
    }
    if (program === "cd" || program === "pushd") {
      const to = args.find((arg) => !arg.startsWith("-"));
      if (to !== undefined) cwd = resolve(to, here);
      continue;
    }
    if (["env", "export", "declare", "typeset", "readonly", "local", "set"].includes(program)) {
      for (const arg of args) environmentSwitch(arg, found);
      if (program === "env") {
        const rest = args.filter((arg) => !arg.includes("=") && !arg.startsWith("-"));
        if (rest.length > 0) {
          found.push(...gateSwitches(rest.map(shellWord).join(" "), here));
        }
      }
      continue;
    }
    if (program === "git") gitSwitches(args, found);
    for (const target of writtenFiles(program, args)) {
      fileSwitch(`${program} ${target}`, target, here, found);
    }
  }
  return found;
}

/** `NAME=value` words before a command's name: its environment. */
function splitAssignments(words: readonly string[]): { assignments: string[]; words: string[] } {
  let index = 0;
  while (index < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[index] as string)) index++;
  return { assignments: words.slice(0, index), words: words.slice(index) };
}

/** A command run through a wrapper that passes it on unchanged (`command git`, `nohup git`). */
function unwrapped(words: readonly string[]): string[] {
  const wrappers = new Set([
    "command",
    "exec",
    "nohup",
    "nice",
    "time",
    "builtin",
    "sudo",
    "xargs",
  ]);
  let index = 0;
  while (index < words.length - 1 && wrappers.has(path.posix.basename(words[index] as string))) {
    index++;
    while (index < words.length - 1 && (words[index] as string).startsWith("-")) index++;
  }
  return words.slice(index);
}

function environmentSwitch(word: string, found: GateSwitch[]): void {
  if (/^INTENTGUARD=0$/.test(word)) found.push({ kind: "intentguard-off", what: word });
  else if (/^GIT_CONFIG(_[A-Z0-9_]*)?=/.test(word)) {
    found.push({ kind: "config-environment", what: word });
  }
}

/** git's own options and `git config`: what sets core.hooksPath or an include. */
function gitSwitches(args: readonly string[], found: GateSwitch[]): void {
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === "-c" || arg === "--config-env") {
      keySwitch(args[index + 1] ?? "", `git ${arg} ${args[index + 1] ?? ""}`, found);
      index++;
    } else if (arg.startsWith("--config-env=")) {
      keySwitch(arg.slice("--config-env=".length), `git ${arg}`, found);
    } else if (["-C", "--git-dir", "--work-tree", "--namespace", "--exec-path"].includes(arg)) {
      index++;
    } else if (!arg.startsWith("-")) {
      break;
    }
  }
  if (args[index] === "config") configSwitches(args.slice(index + 1), found);
}

/** `key=value` (or `key`) given to git -c or --config-env. */
function keySwitch(setting: string, what: string, found: GateSwitch[]): void {
  const key = setting.split("=")[0]?.toLowerCase() ?? "";
  if (key === "core.hookspath") found.push({ kind: "hooks-path", what });
  else if (isIncludeKey(key)) found.push({ kind: "config-include", what });
}

function isIncludeKey(key: string): boolean {
  return /^include(if\..*)?\.path$/.test(key) || key === "include.path";
}

const configReads = new Set([
  "--get",
  "--get-all",
  "--get-regexp",
  "--get-urlmatch",
  "--get-color",
  "--get-colorbool",
  "--list",
  "-l",
]);
const configWrites = new Set([
  "--unset",
  "--unset-all",
  "--add",
  "--replace-all",
  "--rename-section",
  "--remove-section",
  "--edit",
  "-e",
]);
const configValued = new Set(["--file", "-f", "--blob", "--type", "--default", "--comment"]);

/**
 * `git config …`: a write of core.hooksPath or an include (`git config core.hooksPath x`,
 * `--unset`, `--add`, `set`/`unset`), or an edit of a configuration file in an editor. Reads
 * (`--get`, `--list`, a key alone) and other keys are ordinary use.
 */
function configSwitches(args: readonly string[], found: GateSwitch[]): void {
  let mode: "read" | "write" | "default" = "default";
  const positional: string[] = [];
  let rest = [...args];
  const verb = rest[0];
  if (verb && ["set", "unset", "edit", "rename-section", "remove-section"].includes(verb)) {
    mode = "write";
    rest = rest.slice(1);
  } else if (verb && ["get", "list"].includes(verb)) {
    mode = "read";
    rest = rest.slice(1);
  }
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index] as string;
    if (configReads.has(arg)) mode = "read";
    else if (configWrites.has(arg)) mode = "write";
    else if (configValued.has(arg)) index++;
    else if (!arg.startsWith("-")) positional.push(arg);
  }
  const what = `git config ${args.join(" ")}`.trim();
  if (verb === "edit" || args.includes("--edit") || args.includes("-e")) {
    found.push({ kind: "hooks-path", what });
    return;
  }
  const writes = mode === "write" || (mode === "default" && positional.length >= 2);
  const key = positional[0]?.toLowerCase() ?? "";
  if (!writes) return;
  if (key === "core.hookspath" || key === "core") found.push({ kind: "hooks-path", what });
  else if (isIncludeKey(key) || key === "include" || key.startsWith("includeif.")) {
    found.push({ kind: "config-include", what });
  }
}

/** The files a file-changing command writes (its non-option arguments, or its destination). */
function writtenFiles(program: string, args: readonly string[]): string[] {
  const operands = (list: readonly string[]) => {
    const out: string[] = [];
    let options = true;
    for (const arg of list) {
      if (options && arg === "--") options = false;
      else if (!(options && arg.startsWith("-") && arg !== "-")) out.push(arg);
    }
    return out;
  };
  switch (program) {
    case "rm":
    case "rmdir":
    case "unlink":
    case "shred":
    case "touch":
    case "mkfifo":
    case "mknod":
    case "tee":
    case "mv":
      return operands(args);
    case "truncate":
    case "chmod":
    case "chown":
    case "chgrp":
      return operands(args).slice(program === "truncate" ? 0 : 1);
    case "cp":
    case "ln":
    case "install":
    case "rsync": {
      const target = args.find((_, index) => args[index - 1] === "-t");
      return target !== undefined ? [target] : operands(args).slice(-1);
    }
    case "sed":
    case "perl":
      return args.some((arg) => /^(-[a-zA-Z]*i|--in-place)/.test(arg))
        ? operands(args).slice(1)
        : [];
    case "dd":
      return args.filter((arg) => arg.startsWith("of=")).map((arg) => arg.slice(3));
    default:
      return [];
  }
}

function fileSwitch(what: string, target: string, place: ShellPlace, found: GateSwitch[]): void {
  if (/rev-parse\b.*--(absolute-)?git-(dir|common-dir|path)|\$\{?GIT_DIR\b/.test(target)) {
    found.push({ kind: "git-directory", what, target });
    return;
  }
  const absolute = resolve(target, place);
  if (/(^|\/)\.git(\/|$)/i.test(absolute) || place.gitDirs.some((dir) => isInside(dir, absolute))) {
    found.push({ kind: "git-directory", what, target });
  } else if (
    place.configFiles.includes(absolute) ||
    path.posix.basename(absolute) === ".gitconfig"
  ) {
    found.push({ kind: "git-config-file", what, target });
  }
}

function resolve(word: string, place: ShellPlace): string {
  const expanded = word === "~" ? place.home : word.replace(/^~\//, `${place.home}/`);
  return path.resolve(place.cwd, expanded);
}

function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return !relative.startsWith("..") && !path.isAbsolute(relative);
}
