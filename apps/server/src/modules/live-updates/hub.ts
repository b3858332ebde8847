import type { LiveNotice } from './notices.ts';

/** One open event stream: whose it is, and how to write to it or end it. */
export interface LiveStream {
  userId: string;
  sessionId: string;
  write(chunk: string): void;
  end(): void;
}

/** What a client is told: a transaction of theirs changed (and as which party), or to read everything again. */
export type LiveEvent =
  | { kind: 'transition' | 'message'; transaction: string; role: 'customer' | 'provider' }
  | { kind: 'resync' };

export interface LiveHubOptions {
  /** Streams one person may hold (tabs); more are refused, and that tab refreshes periodically. */
  maxPerUser: number;
  /** Streams this instance holds at most. */
  maxTotal: number;
  /** A comment line this often keeps proxies from closing a quiet stream. */
  heartbeatMs: number;
  /** This often, the streams' sessions are checked (expired, ended while a notice was missed, banned). */
  sessionCheckMs: number;
  /** Which of these sessions are still valid, for people neither banned nor deleted. */
  liveSessions: (sessionIds: string[]) => Promise<Set<string>>;
  onError: (error: unknown) => void;
}

export const LIVE_HUB_DEFAULTS = {
  maxPerUser: 6,
  maxTotal: 5_000,
  heartbeatMs: 25_000,
  sessionCheckMs: 60_000,
} as const;

export type Admission = 'admitted' | 'too-many-for-user' | 'too-many' | 'closing';

/** The SSE frame of an event: one `data:` line of JSON. */
export function eventFrame(event: LiveEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/**
 * The event streams open on this instance, by person: the LISTEN connection's notices go to the
 * streams of the transaction's two parties and nobody else; an ended session's streams end.
 */
export class LiveHub {
  readonly #byUser = new Map<string, Set<LiveStream>>();
  readonly #options: LiveHubOptions;
  #total = 0;
  #closing = false;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #sessionCheck: NodeJS.Timeout;

  constructor(options: LiveHubOptions) {
    this.#options = options;
    this.#heartbeat = setInterval(() => this.#broadcast(': ping\n\n'), options.heartbeatMs);
    this.#heartbeat.unref();
    this.#sessionCheck = setInterval(() => void this.checkSessions(), options.sessionCheckMs);
    this.#sessionCheck.unref();
  }

  get size(): number {
    return this.#total;
  }

  open(stream: LiveStream): Admission {
    if (this.#closing) return 'closing';
    const mine = this.#byUser.get(stream.userId) ?? new Set<LiveStream>();
    if (mine.size >= this.#options.maxPerUser) return 'too-many-for-user';
    if (this.#total >= this.#options.maxTotal) return 'too-many';
    mine.add(stream);
    this.#byUser.set(stream.userId, mine);
    this.#total += 1;
    return 'admitted';
  }

  /** Forgets a stream (its client went away, or it was ended here). */
  remove(stream: LiveStream): void {
    const mine = this.#byUser.get(stream.userId);
    if (!mine?.delete(stream)) return;
    this.#total -= 1;
    if (mine.size === 0) this.#byUser.delete(stream.userId);
  }

  deliver(notice: LiveNotice): void {
    if (notice.kind === 'session-ended') {
      this.#endWhere((stream) => stream.sessionId === notice.session);
      return;
    }
    const parties = [
      [notice.customer, 'customer'],
      [notice.provider, 'provider'],
    ] as const;
    for (const [userId, role] of parties) {
      const frame = eventFrame({ kind: notice.kind, transaction: notice.transaction, role });
      for (const stream of this.#byUser.get(userId) ?? []) stream.write(frame);
    }
  }

  /** After notifications may have been missed: every client reads its page again. */
  resync(): void {
    this.#broadcast(eventFrame({ kind: 'resync' }));
  }

  /** Ends the streams whose session is no longer valid. */
  async checkSessions(): Promise<void> {
    const sessionIds = [...new Set(this.#streams().map((stream) => stream.sessionId))];
    if (sessionIds.length === 0) return;
    try {
      const live = await this.#options.liveSessions(sessionIds);
      this.#endWhere((stream) => !live.has(stream.sessionId));
    } catch (error) {
      this.#options.onError(error);
    }
  }

  /** Shutdown: no new streams, and every open one ends now, so closing the server waits for none. */
  close(): void {
    this.#closing = true;
    clearInterval(this.#heartbeat);
    clearInterval(this.#sessionCheck);
    this.#endWhere(() => true);
  }

  #streams(): LiveStream[] {
    return [...this.#byUser.values()].flatMap((streams) => [...streams]);
  }

  #broadcast(chunk: string): void {
    for (const stream of this.#streams()) stream.write(chunk);
  }

  #endWhere(condition: (stream: LiveStream) => boolean): void {
    for (const stream of this.#streams()) {
      if (!condition(stream)) continue;
      this.remove(stream);
      stream.end();
    }
  }
}
