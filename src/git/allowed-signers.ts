import path from "node:path";
import { type AllowedSigner, parseAllowedSigners } from "../core/judge/allowed-signers.js";
import { readIfExists } from "../fs/read-if-exists.js";
import { runGit } from "./exec.js";

/**
 * The entries of the allowed signers file git verifies SSH signatures with in `dir` (the top of
 * the work tree, or a bare repository's git directory: where git runs ssh-keygen); none when
 * gpg.ssh.allowedSignersFile is unset or names no file. Its path is read as git reads it: `~/`
 * expanded (`--type=path`), a relative path from `dir`.
 */
export async function readAllowedSigners(dir: string): Promise<AllowedSigner[]> {
  const { stdout, status } = await runGit(
    dir,
    ["config", "--type=path", "--get", "gpg.ssh.allowedSignersFile"],
    { okExitCodes: [1] },
  );
  if (status !== 0) return [];
  const file = path.resolve(dir, stdout.toString("utf8").replace(/\n$/, ""));
  const text = readIfExists(file, "the allowed signers file (gpg.ssh.allowedSignersFile)");
  return text === undefined ? [] : parseAllowedSigners(text.toString("utf8"));
}
