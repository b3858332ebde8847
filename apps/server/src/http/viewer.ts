import { AppError } from '@hora/core/errors';
import type { FastifyRequest } from 'fastify';

/** Scopes of a session: `user:limited` alone when an operator acts as the user. */
export type Scope = 'user' | 'user:limited';

/** The signed-in person making a request, as every API module sees them. */
export interface Viewer {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  locale: string;
  banned: boolean;
  scopes: Scope[];
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from the session cookie before any route runs; null for visitors. */
    viewer: Viewer | null;
  }
}

/** The viewer, or a 401 `unauthorized` error for visitors. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('unauthorized', { title: 'You need to log in' });
  return request.viewer;
}
