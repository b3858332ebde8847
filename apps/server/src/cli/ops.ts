import { systemClock } from '../clock.ts';
import { isOpsCommand, opsHelp, runOpsCommand } from '../modules/ops/index.ts';
import { loadConfigOrExit, openRuntime } from '../runtime.ts';

// Operator commands: `npm run ops -- listings:pending`, `listings:approve <id>`, `users:ban <id|email>`, …
const argv = process.argv.slice(2);
const [name] = argv;
if (name === undefined || name === '--help') {
  process.stdout.write(`${opsHelp()}\n`);
} else if (!isOpsCommand(name)) {
  // Refused before the database is opened: a typo costs nothing.
  console.error(`Unknown command: ${name}\n\n${opsHelp()}`);
  process.exitCode = 2;
} else {
  const runtime = await openRuntime(loadConfigOrExit({ LOG_LEVEL: 'warn' }));
  try {
    process.exitCode = await runOpsCommand(argv, {
      db: runtime.database.db,
      clock: systemClock,
      print: (line) => process.stdout.write(`${line}\n`),
      printError: (line) => console.error(line),
    });
  } finally {
    await runtime.close();
  }
}
