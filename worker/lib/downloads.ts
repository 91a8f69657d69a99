/** Headers for a CSV file the browser saves (the name is already safe ASCII: see csvFilename). */
export const csvDownloadHeaders = (filename: string) => ({
  "Content-Type": "text/csv; charset=utf-8",
  "Content-Disposition": `attachment; filename="${filename}"`,
});
