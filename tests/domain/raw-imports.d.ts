// Vite's `?raw` suffix imports a file's text as the default export (used for golden files, since
// the workerd test runtime has no file system).
declare module "*?raw" {
  const text: string;
  export default text;
}
