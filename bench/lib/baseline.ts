// A baseline build from another commit, measured in the same session as this checkout: a git worktree
// of that commit in the temp directory, sharing this checkout's node_modules when the lockfiles match (else
// with its own install).
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, readFileSync, symlinkSync, unlinkSync } from "node:fs";
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
  const sameLock =
    readFileSync(join(root, "package-lock.json"), "utf8") === readFileSync("package-lock.json", "utf8");
  if (sameLock && !existsSync(join(root, "node_modules"))) {
    symlinkSync(resolve("node_modules"), join(root, "node_modules"));
  }
  // Another lockfile gets its own install, removed with the worktree after the run (`npm install`: an older
  // lockfile may not satisfy this npm's `npm ci`).
  const modules = join(root, "node_modules");
  // Never install through a link to this checkout's own node_modules.
  if (!sameLock && lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink()) unlinkSync(modules);
  if (!sameLock && !existsSync(modules)) {
    console.log(`${ref} locks other dependencies than this checkout: npm install in ${root}…`);
    execFileSync("npm", ["install", "--no-audit", "--no-fund"], { cwd: root, stdio: "ignore" });
  }
  return {
    root,
    remove: () => execFileSync("git", ["worktree", "remove", "--force", root], { stdio: "ignore" }),
  };
}
