/**
 * Where the server render writes a complete document: React's Bun build of the server renderer
 * (`react-dom/server.bun`) writes each piece of HTML as the string it is, where its Node build
 * encodes every piece into a 4 KB buffer on its own; the pieces are joined and encoded once, at the
 * end (decision 0074). React only calls `write`, `end`, `on` and, on a fatal error, `destroy`; a
 * Node `Writable` would cost more per piece than the encoding it saves.
 */
export class DocumentCollector {
  private readonly pieces: string[] = [];
  private settled = false;

  constructor(
    private readonly onDocument: (html: Buffer<ArrayBuffer>) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  write(piece: string): boolean {
    this.pieces.push(piece);
    return true;
  }

  end(): void {
    if (this.settled) return;
    this.settled = true;
    // React has finished by now and would swallow a throw here: one is reported like any failure,
    // so the request still answers (React Router's error document) instead of hanging.
    try {
      this.onDocument(Buffer.from(this.pieces.join('')));
    } catch (error) {
      this.onError(error);
    }
  }

  destroy(error?: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.onError(error ?? new Error('The document render was destroyed'));
  }

  /** React listens for `drain`, `error` and `close`: none of them happens to a string in memory. */
  on(_event: string, _listener: (...args: unknown[]) => void): this {
    return this;
  }
}
