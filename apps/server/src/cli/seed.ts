import { systemClock } from '../clock.ts';
import { loadConfigOrExit, openRuntime } from '../runtime.ts';
import { seedDemoData } from '../seed/index.ts';

const runtime = await openRuntime(loadConfigOrExit());
try {
  const applied = await seedDemoData({
    db: runtime.database.db,
    logger: runtime.logger,
    config: runtime.config,
    clock: systemClock,
  });
  runtime.logger.info({ applied }, applied.length ? 'demo data applied' : 'demo data already up to date');
} finally {
  await runtime.close();
}
