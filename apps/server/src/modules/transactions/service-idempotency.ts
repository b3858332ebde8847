/**
 * The Idempotency-Key's side of the service: the answer kept under a key, the hash that tells a
 * retry from a different request under the same key, and the replay of the first answer.
 */
import { createHash } from 'node:crypto';
import { AppError } from '@hora/core/errors';
import type { Viewer } from '../../http/viewer.ts';
import type { IdempotencyRow } from './repository.ts';
import type { ServiceContext } from './service.ts';

/** An answer kept under an Idempotency-Key and given again to a retry of the same request. */
export interface KeptAnswer {
  status: number;
  body: unknown;
}

export function requestHash(kind: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, body]))
    .digest('base64url');
}

export type KeptAnswers = ReturnType<typeof keptAnswers>;

export function keptAnswers(context: ServiceContext) {
  const { repository } = context;

  /** A second request with a known key: the first one's answer, or 409 when the request differs. */
  async function replay(
    viewer: Viewer,
    key: string,
    hash: string,
    resume: (transactionId: string) => Promise<KeptAnswer>,
    known?: IdempotencyRow | null,
  ): Promise<KeptAnswer | null> {
    const prior = known === undefined ? await repository.idempotencyKey(viewer.id, key) : known;
    if (!prior) return null;
    if (prior.requestHash !== hash) {
      throw new AppError('idempotency-key-reused', { meta: { header: 'Idempotency-Key' } });
    }
    if (prior.response) {
      if (prior.response.status >= 400) {
        const body = prior.response.body as { errors?: { code?: string; meta?: Record<string, unknown> }[] };
        const first = body.errors?.[0];
        throw new AppError((first?.code ?? 'conflict') as 'conflict', { meta: first?.meta ?? {} });
      }
      return prior.response;
    }
    if (!prior.transactionId) return null;
    return resume(prior.transactionId);
  }

  return { replay };
}
