import { importChalk } from "../../bundle/import-chalk.js";
import type { Environment } from "../../environment.js";

/** The few text styles intentguard uses; each is the identity when colour is off. */
export interface Style {
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

export const plainStyle: Style = {
  red: (text) => text,
  green: (text) => text,
  yellow: (text) => text,
  dim: (text) => text,
  bold: (text) => text,
};

/**
 * Colour on a terminal, plain elsewhere; NO_COLOR always wins, FORCE_COLOR forces it on. chalk
 * is loaded only when colour is on, so hooks writing to a pipe never load it.
 */
export async function styleFor(
  stream: { isTTY?: boolean },
  color: Environment["color"],
): Promise<Style> {
  const wanted = color.never ? false : (color.forced ?? stream.isTTY === true);
  if (!wanted) return plainStyle;
  const { Chalk } = await importChalk();
  const chalk = new Chalk({ level: 1 });
  return {
    red: (text) => chalk.red(text),
    green: (text) => chalk.green(text),
    yellow: (text) => chalk.yellow(text),
    dim: (text) => chalk.dim(text),
    bold: (text) => chalk.bold(text),
  };
}
