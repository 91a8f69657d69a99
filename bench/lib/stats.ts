// Medians and percentiles over repeated rounds, and the plain-text tables every benchmark prints.

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const median = (values: readonly number[]) => percentile(values, 50);

export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : "n/a");
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const ratio = (value: number, baseline: number) => `${(value / baseline).toFixed(2)}×`;

/** Runs `run` `times` times and returns the wall time of each, in milliseconds. */
export async function timeRounds(times: number, run: () => Promise<unknown> | unknown): Promise<number[]> {
  const all: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    all.push(performance.now() - started);
  }
  return all;
}

/** A left-aligned first column, right-aligned figures. */
export function printTable(title: string, header: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join("  ");
  console.log(`\n${title}\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const row of rows) console.log(line(row));
}

export const verdict = (met: boolean) => (met ? "met" : "MISSED");
