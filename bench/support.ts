import { readFileSync } from 'node:fs';
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

/**
 * CPU time (user + system, ms) a process has used so far, from `/proc/<pid>/stat` (Linux; 10 ms
 * ticks): read around a loop of requests, it gives the server's CPU per request, which a shared
 * machine's load changes far less than response times.
 */
export function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

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
