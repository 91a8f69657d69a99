// A baseline build from another commit, measured in the same session as this checkout: a git worktree
// of that commit in the temp directory, sharing this checkout's node_modules (the lockfiles must match).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export function baselineCheckout(ref: string): { root: string; remove: () => void } {
  const commit = execFileSync("git", ["rev-parse", "--short", `${ref}^{commit}`], {
    encoding: "utf8",
  }).trim();
  const root = join(tmpdir(), `clocked-baseline-${commit}`);
  execFileSync("git", ["worktree", "prune"]);
  if (!existsSync(join(root, "package.json"))) {
    execFileSync("git", ["worktree", "add", "--detach", "--force", root, commit], { stdio: "ignore" });
  }
  if (readFileSync(join(root, "package-lock.json"), "utf8") !== readFileSync("package-lock.json", "utf8")) {
    throw new Error(`${ref} locks other dependencies than this checkout; run npm ci in ${root} first`);
  }
  if (!existsSync(join(root, "node_modules")))
    symlinkSync(resolve("node_modules"), join(root, "node_modules"));
  return {
    root,
    remove: () => execFileSync("git", ["worktree", "remove", "--force", root], { stdio: "ignore" }),
  };
}
