import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { repoRoot } from './server.ts';

/**
 * Runs an operator command (`npm run ops -- <command> …`) as an operator would, against the running
 * server's database. Resolves with what it printed; a command that fails rejects with its output.
 */
export async function runOps(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'ops', '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...inject('opsEnv'), LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
}
