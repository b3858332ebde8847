import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedFor } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/index.ts';

const sessionWithUser = preparedFor((db) =>
  db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      impersonatedBy: sessions.impersonatedBy,
      userId: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      firstName: users.firstName,
      lastName: users.lastName,
      locale: users.locale,
      banned: users.banned,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_with_user'),
);

/** better-auth's session rows as the request's session resolution reads them (one prepared read). */
export function sessionRepository(db: Executor) {
  return {
    /** The session of a token with what the viewer needs of its person; undefined when there is none. */
    async withUser(token: string) {
      const [row] = await sessionWithUser(db).execute({ token });
      return row;
    },
  };
}
