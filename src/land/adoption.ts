import { firstGovernedRef } from "../git/landing-history.js";
import type { AdoptionCheck } from "./judge-landing.js";

/** The refs a clone judges adoption against: its branches and what it fetched. */
export const cloneRefs = ["refs/heads", "refs/remotes"] as const;
/** The refs a server judges adoption against: what has been pushed to it. */
export const serverRefs = ["refs/heads", "refs/tags"] as const;

/**
 * Whether a landing's adoptions may stand: adoption happens once, so none may where rules
 * adopted elsewhere are already on a ref (one not holding the adoption commit itself, which a
 * first push, or a branch made from it, does). Several adoptions in one landing are judged
 * apart (judge-landing.ts).
 */
export async function adoptionCheck(
  dir: string,
  adoptions: readonly string[],
  refs: readonly string[],
): Promise<AdoptionCheck> {
  const [first] = adoptions;
  if (first === undefined) return { allowed: true, governedRef: null };
  const governedRef = await firstGovernedRef(dir, refs, first);
  return { allowed: governedRef === null, governedRef };
}
