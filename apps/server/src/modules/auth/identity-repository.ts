import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Executor } from '../../db/executor.ts';
import { accounts, sessions, users, verifications } from '../../db/schema/index.ts';

/**
 * Where better-auth keeps identities: its Drizzle adapter on Hora's tables, the one file of the
 * identity glue that knows them. better-auth writes through it in transactions of its own, which a
 * use case cannot join, so one that needs better-auth's writes and Hora's to stand or fall together
 * undoes better-auth's step when its own fails (`authService.signUp`; docs/architecture.md).
 */
export function identityStore(db: Executor) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: { user: users, session: sessions, account: accounts, verification: verifications },
  });
}
