import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/client.ts';
import { type Executor, withTransaction } from '../../../db/executor.ts';
import type { PaymentEvent } from '../charges-port.ts';
import { PaymentProviderError } from '../provider-error.ts';
import { type SandboxChargesRepository, sandboxChargesRepository } from './charges-repository.ts';
import { sandboxId } from './ids.ts';
import { fingerprint } from './sandbox-objects.ts';

/** Waits before each delivery attempt of an event: at once, then twice more a little later. */
const DELIVERY_DELAYS_MS = [0, 200, 1000] as const;

/** Where the sandbox hands its events: the same handler Stripe's webhooks reach. */
export type SandboxEventListener = (event: PaymentEvent) => Promise<void>;

/** A change of the sandbox's rows: its repository in the change's transaction, and the events it emits. */
export type SandboxWork<T> = (
  charges: SandboxChargesRepository,
  events: PaymentEvent[],
  tx: Executor,
) => Promise<T>;

/**
 * How the sandbox changes its rows, as Stripe would: each change in one database transaction whose
 * events are delivered once it committed, and Stripe's idempotency keys.
 */
export function sandboxChanges(deps: {
  db: Database;
  clock: Clock;
  /** Where an event that its handler failed on is reported (Stripe would retry it; the sandbox logs it). */
  log?: { error(details: object, message: string): void } | undefined;
}) {
  const { db, clock } = deps;
  let listener: SandboxEventListener | undefined;
  let deliveries: Promise<void> = Promise.resolve();

  /**
   * Events are delivered after the change committed, one at a time, never inside the caller's
   * call (as Stripe's webhooks come). A delivery its listener fails is tried again a little later,
   * as Stripe retries a webhook that was not answered with success; then it is logged.
   */
  function emit(events: readonly PaymentEvent[]) {
    for (const event of events) {
      deliveries = deliveries.then(async () => {
        for (const [attempt, delayMs] of DELIVERY_DELAYS_MS.entries()) {
          await new Promise<void>((resolve) => setTimeout(resolve, delayMs));
          if (!listener) return;
          try {
            await listener(event);
            return;
          } catch (error) {
            if (attempt === DELIVERY_DELAYS_MS.length - 1) {
              deps.log?.error(
                { err: error, eventId: event.id, eventType: event.type },
                'sandbox payment event failed',
              );
            }
          }
        }
      });
    }
  }

  function event(type: string, objectId: string, metadata: Record<string, string> = {}): PaymentEvent {
    return { id: sandboxId('evt'), type, objectId, metadata };
  }

  /**
   * Runs a change in one database transaction and delivers its events once it committed. A
   * refusal of the provider (`PaymentProviderError`) still commits what was recorded before it
   * (a declined card leaves its intent with `lastError`), then throws.
   */
  async function change<T>(
    work: (charges: SandboxChargesRepository, events: PaymentEvent[], tx: Executor) => Promise<T>,
  ): Promise<T> {
    const events: PaymentEvent[] = [];
    const outcome = await withTransaction(db, async (tx) => {
      try {
        return { ok: true as const, value: await work(sandboxChargesRepository(tx), events, tx) };
      } catch (error) {
        if (error instanceof PaymentProviderError) return { ok: false as const, error };
        throw error;
      }
    });
    emit(events);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  /**
   * Stripe's idempotency: the first request under a key runs and its answer (result or refusal)
   * is kept; the same key with the same parameters answers it again, with other parameters it is
   * refused. A concurrent request with the same key waits for the first one's answer.
   */
  async function idempotent<T>(
    operation: string,
    key: string,
    params: unknown,
    work: (charges: SandboxChargesRepository, events: PaymentEvent[], tx: Executor) => Promise<T>,
  ): Promise<T> {
    const print = fingerprint(operation, params);
    const events: PaymentEvent[] = [];
    const outcome = await withTransaction(db, async (tx) => {
      const charges = sandboxChargesRepository(tx);
      const claimed = await charges.claimKey({ key, operation, fingerprint: print, createdAt: clock.now() });
      if (!claimed) {
        const earlier = await charges.findKey(key);
        if (!earlier || earlier.fingerprint !== print || !earlier.response) {
          throw new PaymentProviderError(
            'idempotency',
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return earlier.response;
      }
      try {
        const value = await work(charges, events, tx);
        const response = { ok: true as const, value: value as unknown };
        await charges.answerKey(key, response);
        return response;
      } catch (error) {
        if (!(error instanceof PaymentProviderError)) throw error;
        const response = {
          ok: false as const,
          kind: error.kind,
          message: error.message,
          code: error.code ?? null,
          param: error.param ?? null,
          declineCode: error.declineCode ?? null,
        };
        await charges.answerKey(key, response);
        return response;
      }
    });
    emit(events);
    if (!outcome.ok) {
      throw new PaymentProviderError(outcome.kind as PaymentProviderError['kind'], outcome.message, {
        code: outcome.code ?? undefined,
        param: outcome.param ?? undefined,
        declineCode: outcome.declineCode ?? undefined,
      });
    }
    return outcome.value as T;
  }

  return {
    change,
    idempotent,
    event,
    /** Sets where events go (one listener: the payment event handler). */
    onEvent(next: SandboxEventListener) {
      listener = next;
    },
    /** Resolves once every event emitted so far was delivered. */
    async eventsDelivered() {
      let seen: Promise<void>;
      do {
        seen = deliveries;
        await seen;
      } while (seen !== deliveries);
    },
  };
}

export type SandboxChangeRunner = ReturnType<typeof sandboxChanges>;
