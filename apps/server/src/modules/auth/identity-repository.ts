import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Executor } from '../../db/executor.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';

/**
 * Where better-auth keeps identities: its Drizzle adapter on Hora's tables. The one file of the
 * identity glue that knows the tables (see decision 0015); better-auth writes through it on its own,
 * so the use cases that need its writes and Hora's to stand or fall together undo them instead
 * (`authService.signUp`).
 */
export function identityStore(db: Executor) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: { user: users, session: sessions, account: accounts, verification: verifications },
  });
}
