// Pure helpers for the benchmark report: numbers from autocannon, ratios, and the printed tables.

/** What one autocannon run says: requests per second (mean), latency p50/p99 in ms, failures. */
export function loadSummary(result) {
  return {
    rps: round(result.requests.average, 0),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

export function round(value, digits = 2) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** `part / whole`: two decimals, or two significant digits below 0.1; null without a whole to compare with. */
export function ratio(part, whole) {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return null;
  const value = part / whole;
  return value >= 0.1 || value === 0 ? round(value) : Number(value.toPrecision(2));
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The lowest and highest of some ratios, as 'low–high' (the one value when there is one): how far rounds disagree. */
export function spread(values) {
  const known = values.filter((v) => Number.isFinite(v));
  if (known.length === 0) return null;
  const [low, high] = [Math.min(...known), Math.max(...known)];
  return low === high ? String(low) : `${low}–${high}`;
}

export function kilobytes(bytes) {
  return round(bytes / 1024, 1);
}

export function megabytes(bytes) {
  return round(bytes / (1024 * 1024), 0);
}

/** A pass/fail mark for a target, or a dash when there is nothing to judge. */
export function verdict(ok) {
  return ok === null || ok === undefined ? '–' : ok ? 'ok' : 'MISSED';
}

function cell(value) {
  if (value === null || value === undefined) return '–';
  return String(value);
}

/**
 * A Markdown table (which also reads well in a terminal): `columns` are [key, heading] pairs, numbers
 * are right-aligned, and each column is as wide as its widest cell.
 */
export function table(columns, rows) {
  const cells = rows.map((row) => columns.map(([key]) => cell(row[key])));
  const numeric = columns.map(
    (_, i) => rows.length > 0 && rows.every((row) => typeof row[columns[i][0]] === 'number' || row[columns[i][0]] == null),
  );
  const widths = columns.map(([, heading], i) => Math.max(heading.length, 3, ...cells.map((r) => r[i].length)));
  const line = (values) => `| ${values.map((v, i) => (numeric[i] ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `| ${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w))).join(' | ')} |`;
  return [line(columns.map(([, heading]) => heading)), rule, ...cells.map(line)].join('\n');
}
