import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
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

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * Time to the last byte of a response, as a browser's network stack sees it: one kept-alive
 * loopback connection, `Accept-Encoding: br, gzip`, and the bytes counted but not decoded (undici's
 * `fetch` decompresses through web streams in this same process, which would add its own
 * milliseconds to the server's). Throws on a server error (5xx): the 404 page is a page too.
 */
export function timeToLastByte(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; bytes: number }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { agent, headers: { 'accept-encoding': 'br, gzip', ...headers } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 500) reject(new Error(`${path} answered ${status}`));
          else resolve({ ms: performance.now() - started, bytes });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** Clock ticks a second in /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (ms) the embedded PostgreSQL has used so far: its postmaster and every process it
 * started (the backends of the pool's connections, the writers), read from /proc. On a shared
 * machine wall-clock figures follow the neighbours' load; CPU per booking much less so.
 */
export function postgresCpuMs(dataDir: string): number {
  let ticks = 0;
  for (const used of postgresCpuTicks(dataDir).values()) ticks += used;
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU ticks so far of each process of the embedded PostgreSQL (the postmaster and its children), by pid. */
export function postgresCpuTicks(dataDir: string): Map<string, number> {
  let postmaster: string | undefined;
  const stats = new Map<string, { ppid: string; ticks: number }>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(pid, { ppid: fields[1] as string, ticks: Number(fields[11]) + Number(fields[12]) });
      if (!postmaster && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir)) postmaster = pid;
    } catch {
      // a process that ended while being read
    }
  }
  const ticks = new Map<string, number>();
  for (const [pid, stat] of stats) {
    if (pid === postmaster || stat.ppid === postmaster) ticks.set(pid, stat.ticks);
  }
  return ticks;
}

/**
 * CPU time (ms) PostgreSQL's processes used between two readings: processes that ended meanwhile
 * (an autovacuum worker) are left out rather than subtracted, so the figure is never negative.
 */
export function postgresCpuSince(before: Map<string, number>, dataDir: string): number {
  let ticks = 0;
  for (const [pid, used] of postgresCpuTicks(dataDir)) ticks += used - (before.get(pid) ?? 0);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU time (ms, user and system) one process has used so far, read from /proc: read around a loop
 * of requests, it gives the server's CPU per request, which a shared machine's load changes far less
 * than response times.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}
