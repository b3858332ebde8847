import { AppError } from '@hora/core/errors';
import type { OpsCommand, OpsContext } from './command.ts';
import { listingCommands } from './listing-commands.ts';
import { transactionCommands } from './transaction-commands.ts';
import { userCommands } from './user-commands.ts';

export type { OpsCommand, OpsContext } from './command.ts';

/** Every operator command by name; a module adds its own record here (users:ban, …). */
export const OPS_COMMANDS: Record<string, OpsCommand> = {
  ...listingCommands,
  ...transactionCommands,
  ...userCommands,
};

export function isOpsCommand(name: string | undefined): boolean {
  return name !== undefined && Object.hasOwn(OPS_COMMANDS, name);
}

export function opsHelp(): string {
  const lines = Object.entries(OPS_COMMANDS).map(
    ([name, command]) => `  ${`${name} ${command.args}`.trim().padEnd(32)} ${command.summary}`,
  );
  return ['Usage: npm run ops -- <command> [arguments]', '', 'Commands:', ...lines].join('\n');
}

/**
 * Runs one command. Resolves with the process exit code: 0 done, 1 refused (the reason printed),
 * 2 unknown command (the help printed).
 */
export async function runOpsCommand(
  argv: readonly string[],
  context: OpsContext & { printError(line: string): void },
): Promise<number> {
  const [name, ...args] = argv;
  const command = isOpsCommand(name) ? OPS_COMMANDS[name as string] : undefined;
  if (!command) {
    context.printError(name === undefined ? opsHelp() : `Unknown command: ${name}\n\n${opsHelp()}`);
    return 2;
  }
  try {
    await command.run(args, context);
    return 0;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    context.printError(error.title);
    return 1;
  }
}
