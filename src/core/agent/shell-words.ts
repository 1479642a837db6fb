/**
 * A shell command line read far enough to see what it runs: its simple commands (split at `;`,
 * `&&`, `||`, `|`, `&`, newlines and parentheses, with the bodies of `$(…)` and backticks and the
 * strings given to `sh -c` as commands of their own), each as its words with quotes and escapes
 * removed, and the targets of its output redirections. Not a shell: what it cannot read is read as
 * words, and a command built at run time (`eval`, variables) is not seen — the ref comparison after
 * the command is what catches that (docs/agents.md, the threat model).
 */
export interface SimpleCommand {
  words: string[];
  /** Where `>`, `>>`, `>|`, `&>`, `N>` send output. */
  redirections: string[];
}

export function simpleCommands(text: string): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  lex(text, commands, 0);
  // `sh -c '…'`, `bash -lc "…"`: the string is a command line of its own.
  for (const command of [...commands]) {
    const words = command.words.filter((_, index, all) =>
      all.slice(0, index + 1).some((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)),
    );
    const [shell, ...rest] = words;
    if (!shell || !/(^|\/)(ba|da|z|k)?sh$/.test(shell)) continue;
    const flag = rest.findIndex((word) => /^-[a-z]*c[a-z]*$/.test(word));
    const script = flag === -1 ? undefined : rest[flag + 1];
    if (script !== undefined) lex(script, commands, 1);
  }
  return commands;
}

function lex(text: string, commands: SimpleCommand[], depth: number): void {
  if (depth > 8) return;
  let words: string[] = [];
  let redirections: string[] = [];
  let word = "";
  let inWord = false;
  let redirectNext = false;
  const endWord = () => {
    if (!inWord) return;
    if (redirectNext) redirections.push(word);
    else words.push(word);
    redirectNext = false;
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0 || redirections.length > 0) commands.push({ words, redirections });
    words = [];
    redirections = [];
  };
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === "\\") {
      const next = text[index + 1];
      if (next === "\n") index++;
      else if (next !== undefined) {
        word += next;
        inWord = true;
        index++;
      }
      continue;
    }
    if (char === "'") {
      const end = text.indexOf("'", index + 1);
      word += text.slice(index + 1, end === -1 ? text.length : end);
      inWord = true;
      index = end === -1 ? text.length : end;
      continue;
    }
    if (char === '"') {
      const end = closingQuote(text, index + 1);
      const inside = text.slice(index + 1, end);
      substitutions(inside, commands, depth);
      word += inside.replace(/\\([$`"\\\n])/g, "$1");
      inWord = true;
      index = end;
      continue;
    }
    if (char === "$" && text[index + 1] === "(") {
      const end = closingParen(text, index + 2);
      lex(text.slice(index + 2, end), commands, depth + 1);
      word += text.slice(index, end + 1);
      inWord = true;
      index = end;
      continue;
    }
    if (char === "`") {
      const end = text.indexOf("`", index + 1);
      lex(text.slice(index + 1, end === -1 ? text.length : end), commands, depth + 1);
      index = end === -1 ? text.length : end;
      inWord = true;
      continue;
    }
    if (char === ">" || (char === "&" && text[index + 1] === ">")) {
      // `2>`, `&>`, `>>`, `>|`: a descriptor number just read is no word of the command.
      if (inWord && /^\d+$/.test(word)) {
        word = "";
        inWord = false;
      }
      endWord();
      if (char === "&") index++;
      while (text[index + 1] === ">" || text[index + 1] === "|") index++;
      if (text[index + 1] === "&") {
        index++; // `>&2`: a descriptor, not a file
        while (/[0-9-]/.test(text[index + 1] ?? "")) index++;
        continue;
      }
      redirectNext = true;
      continue;
    }
    if (/[;&|\n()]/.test(char)) {
      endCommand();
      continue;
    }
    if (/\s/.test(char)) {
      endWord();
      continue;
    }
    if (char === "#" && !inWord) {
      const end = text.indexOf("\n", index);
      index = end === -1 ? text.length : end - 1;
      continue;
    }
    word += char;
    inWord = true;
  }
  endCommand();
}

/** The `$(…)` and backtick commands inside a double-quoted string, read as commands. */
function substitutions(inside: string, commands: SimpleCommand[], depth: number): void {
  for (let index = inside.indexOf("$("); index !== -1; index = inside.indexOf("$(", index + 2)) {
    const end = closingParen(inside, index + 2);
    lex(inside.slice(index + 2, end), commands, depth + 1);
  }
}

function closingQuote(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === '"') return index;
  }
  return text.length;
}

function closingParen(text: string, from: number): number {
  let depth = 1;
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (char === "\\") index++;
    else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return index;
  }
  return text.length;
}

/** The fields a shell tool's input holds its command line in, across agents and MCP servers. */
const commandFields = new Set([
  "command",
  "commands",
  "cmd",
  "command_line",
  "commandLine",
  "script",
  "args",
  "argv",
]);

/**
 * A shell tool's command line, from its input wherever an agent puts it (`command`, Cline's
 * `commands` as a JSON list, Codex's argument vector): lists are joined as words, each quoted
 * as the shell would need; several command fields are lines of one text.
 */
export function shellCommandText(input: unknown): string {
  const quote = shellWord;
  const lines: string[] = [];
  const visit = (value: unknown, underCommand: boolean, depth: number): void => {
    if (depth > 8 || value === null || value === undefined) return;
    if (typeof value === "string") {
      if (!underCommand) return;
      const list = /^\s*\[/.test(value) ? parseList(value) : null;
      lines.push(list ? list.map(quote).join(" ") : value);
    } else if (Array.isArray(value)) {
      if (underCommand && value.every((item) => typeof item === "string")) {
        lines.push(value.map(quote).join(" "));
      } else for (const item of value) visit(item, underCommand, depth + 1);
    } else if (typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        visit(item, underCommand || commandFields.has(key), depth + 1);
      }
    }
  };
  visit(input, false, 0);
  return lines.join("\n");
}

function parseList(text: string): string[] | null {
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) && value.every((item) => typeof item === "string") ? value : null;
  } catch {
    return null;
  }
}

/** A word as the shell would read it back: quoted unless it needs nothing. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
