// Fails loudly when a script runs on a Node.js older than the one wrangler and vitest need.
// `npm install` puts Node 22 (the `node` devDependency) first on the PATH of every `npm run`.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `\nClocked needs Node.js >= 22.12, but this script is running on ${process.version}.\n` +
      "Fix: run `npm install` (without --ignore-scripts) so the `node` devDependency installs Node 22,\n" +
      "then always start scripts through `npm run <script>` or `npx`, never ./node_modules/.bin directly.\n",
  );
  process.exit(1);
}
