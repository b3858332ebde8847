/**
 * Text is gathered in runs of about this many characters. V8 puts a string of 128 KB or more (64 K
 * characters once one is outside Latin-1, as `€` is) in its large-object space, whose every
 * allocation maps fresh memory: joining a 120 K-character page into one string cost 1.2–1.7 ms here,
 * its 10 000 pieces in runs 0.25 ms (decision 0075).
 */
const RUN_LENGTH = 16 * 1024;

/**
 * Where the server render writes a complete document: React's Bun build of the server renderer
 * (`react-dom/server.bun`) writes each piece of HTML as the string it is, where its Node build
 * encodes every piece into a 4 KB buffer on its own (decision 0074). Pieces are appended to a run
 * (a rope: appending copies nothing); each run is encoded into the document's one buffer at the
 * end. React only calls `write`, `end`, `on` and, on a fatal error, `destroy`; a Node `Writable`
 * would cost more per piece than the encoding it saves.
 */
export class DocumentCollector {
  private readonly runs: string[] = [];
  private run = '';
  private bytes = 0;
  private settled = false;

  constructor(
    private readonly onDocument: (html: Buffer<ArrayBuffer>) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  write(piece: string): boolean {
    if (piece.length >= RUN_LENGTH) {
      // A long piece (the loader data's script) is a run of its own rather than flattened again.
      this.closeRun();
      this.keep(piece);
    } else {
      this.run += piece;
      if (this.run.length >= RUN_LENGTH) this.closeRun();
    }
    return true;
  }

  end(): void {
    if (this.settled) return;
    this.settled = true;
    // React has finished by now and would swallow a throw here: one is reported like any failure,
    // so the request still answers (React Router's error document) instead of hanging.
    try {
      this.closeRun();
      const html = Buffer.allocUnsafe(this.bytes);
      let offset = 0;
      for (const run of this.runs) offset += html.write(run, offset);
      this.onDocument(html);
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

  private closeRun(): void {
    if (this.run === '') return;
    this.keep(this.run);
    this.run = '';
  }

  private keep(text: string): void {
    this.runs.push(text);
    this.bytes += Buffer.byteLength(text);
  }
}
