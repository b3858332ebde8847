import type { Clock } from '../../clock.ts';
import type { Executor } from '../../db/executor.ts';

/** What an operator command is handed: the database, the clock and a way to answer the operator. */
export interface OpsContext {
  db: Executor;
  clock: Clock;
  print(line: string): void;
}

/**
 * One operator command (`npm run ops -- <name> [args]`). Commands refuse bad input by throwing
 * an `AppError` whose title the command line prints; anything else is a failure with a stack.
 */
export interface OpsCommand {
  /** Arguments as the help shows them, e.g. `<listing-id>`. */
  args: string;
  summary: string;
  run(args: readonly string[], context: OpsContext): Promise<void>;
}
