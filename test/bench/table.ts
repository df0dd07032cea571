/** Plain-text tables for the terminal: right-aligned numbers, left-aligned text. */

/** Formats rows under headers; a column is left-aligned when its header starts with '<'. */
export function formatTable(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const left = headers.map((h) => h.startsWith('<'));
  const names = headers.map((h) => (h.startsWith('<') ? h.slice(1) : h));
  const widths = names.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, c) => (left[c] === true ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(names), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** A number with `digits` decimals, or '-' when it is not finite. */
export function fixed(value: number | undefined, digits: number): string {
  return value === undefined || !Number.isFinite(value) ? '-' : value.toFixed(digits);
}

/** A whole number with thousands separators. */
export function whole(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
