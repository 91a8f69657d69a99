import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const INSTALL = "sudo apt-get update && sudo apt-get install -y chromium";

/** Debian's Chromium (or CHROMIUM_PATH). As root on Debian, as in CI, it installs itself. */
export function findChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  const found = candidates.find((path) => path && existsSync(path));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync("/etc/debian_version")) {
    console.log("Chromium not found: installing Debian's chromium package…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
      stdio: "inherit",
    });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  throw new Error(
    `The browser tests need Chromium and none was found.\nInstall it with:\n  ${INSTALL}\nor set CHROMIUM_PATH to a Chromium binary.`,
  );
}

/** Flags for a closed network: no background traffic, no sandbox (root in CI), no GPU. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
