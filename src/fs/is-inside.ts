import path from "node:path";

/** Whether `child` is `parent` or lies below it (both absolute, as the file system names them). */
export function isInside(parent: string, child: string): boolean {
  const relative = path.relative(parent, child);
  return !relative.startsWith("..") && !path.isAbsolute(relative);
}
