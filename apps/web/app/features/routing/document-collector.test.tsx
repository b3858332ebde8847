import { type ReactNode, Suspense, use } from 'react';
import { renderToPipeableStream as renderForNode } from 'react-dom/server';
import { renderToPipeableStream as renderForBun } from 'react-dom/server.bun';
import { describe, expect, it, vi } from 'vitest';
import { DocumentCollector } from './document-collector.ts';
import { gatheringStream } from './stream.fixture.ts';

const ROW_NUMBERS = Array.from({ length: 400 }, (_, index) => index);

/** A document like a page's: non-ASCII texts, pieces past React's 4 KB buffer, a boundary that waits. */
function Page({ later }: { later: Promise<string> }) {
  const rows = ROW_NUMBERS.map((number) => (
    <li key={number} data-number={number} title={`Sala «${number}» — 25 €/h`}>
      Cocina en Logroño nº {number} <b>ñandú</b> 🏠
    </li>
  ));
  return (
    <html lang="es">
      <body>
        <ul>{rows}</ul>
        <Suspense fallback={<p>…</p>}>
          <Later later={later} />
        </Suspense>
        <p>{'x'.repeat(5000)}</p>
        <p>{'€'.repeat(20_000)}</p>
      </body>
    </html>
  );
}

function Later({ later }: { later: Promise<string> }): ReactNode {
  return <p>{use(later)}</p>;
}

const laterText = () =>
  new Promise<string>((resolve) => setTimeout(() => resolve('Después: «reservado» ✓'), 5));

function renderWithNodeBuild(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderForNode(<Page later={laterText()} />, {
      onAllReady: () => pipe(gatheringStream(resolve)),
      onShellError: reject,
    });
  });
}

function renderWithBunBuild(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderForBun(<Page later={laterText()} />, {
      onAllReady: () => pipe(new DocumentCollector(resolve, reject) as unknown as NodeJS.WritableStream),
      onShellError: reject,
    });
  });
}

describe('DocumentCollector', () => {
  it('receives from React’s Bun build the same bytes as a stream receives from its Node build', async () => {
    const [node, bun] = await Promise.all([renderWithNodeBuild(), renderWithBunBuild()]);
    expect(bun.length).toBeGreaterThan(80_000);
    expect(bun.equals(node)).toBe(true);
    const html = bun.toString('utf8');
    expect(html).toContain('Cocina en Logroño nº <!-- -->399<!-- --> <b>ñandú</b> 🏠');
    expect(html).toContain('<p>Después: «reservado» ✓</p>');
  });

  it('keeps every piece in order across its runs, a long piece a run of its own', () => {
    const pieces = [
      ...Array.from({ length: 3000 }, (_, index) => `<li>Sala nº ${index} — 25 €</li>`),
      'ñ'.repeat(40_000),
      '<p>',
      '🏠'.repeat(9000),
      '</p>',
      'x'.repeat(16 * 1024),
      '',
      '</html>',
    ];
    const onDocument = vi.fn();
    const collector = new DocumentCollector(onDocument, vi.fn());
    for (const piece of pieces) collector.write(piece);
    collector.end();
    const html: Buffer = onDocument.mock.calls[0]?.[0];
    expect(html.length).toBe(Buffer.byteLength(pieces.join('')));
    expect(html.equals(Buffer.from(pieces.join('')))).toBe(true);
  });

  it('hands over the document once, and an error only before it', () => {
    const onDocument = vi.fn();
    const onError = vi.fn();
    const collector = new DocumentCollector(onDocument, onError);
    expect(collector.write('<p>ñ')).toBe(true);
    collector.write('</p>');
    collector.end();
    collector.end();
    collector.destroy(new Error('late'));
    expect(onDocument).toHaveBeenCalledTimes(1);
    expect(onDocument.mock.calls[0]?.[0]).toEqual(Buffer.from('<p>ñ</p>'));
    expect(onError).not.toHaveBeenCalled();

    const failed = new DocumentCollector(onDocument, onError);
    const error = new Error('The destination failed');
    failed.write('<p>');
    failed.destroy(error);
    failed.end();
    expect(onError).toHaveBeenCalledWith(error);
    expect(onDocument).toHaveBeenCalledTimes(1);
  });

  it('reports a failure to hand the document over, so the request answers instead of hanging', async () => {
    const failure = new Error('The response could not be made');
    const outcome = await new Promise<unknown>((resolve) => {
      const { pipe } = renderForBun(<p>ñ</p>, {
        onAllReady: () =>
          pipe(
            new DocumentCollector(() => {
              throw failure;
            }, resolve) as unknown as NodeJS.WritableStream,
          ),
      });
    });
    expect(outcome).toBe(failure);
  });
});
