import { loadConfigOrExit, openRuntime } from '../runtime.ts';

// Applying the migrations is what opening the runtime does; this entry point only reports it.
const runtime = await openRuntime(loadConfigOrExit());
runtime.logger.info('migrations applied');
await runtime.close();
