import os from 'node:os';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  n: number;
  machine: string;
  date: string;
  [extra: string]: unknown;
}

export const machine = `${os.cpus().length}× ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(
  os.totalmem() / 2 ** 30,
)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`;

/** Prints one figure as one JSON line on stdout: the only output a benchmark makes. */
export function report(
  name: string,
  value: number,
  unit: string,
  n: number,
  extra: Record<string, unknown> = {},
) {
  const figure: Figure = {
    name,
    value: Math.round(value * 100) / 100,
    unit,
    n,
    machine,
    date: new Date().toISOString(),
    ...extra,
  };
  process.stdout.write(`${JSON.stringify(figure)}\n`);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export const median = (values: number[]) => percentile(values, 50);
