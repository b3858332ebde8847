import { describe, expect, it, vi } from 'vitest';
import { createMoveReporter, MAP_SEARCH_DELAY_MS } from './move-guard.ts';

function reporter() {
  vi.useFakeTimers();
  const report = vi.fn();
  let view = 'first';
  const moves = createMoveReporter<string>({ report });
  return { moves, report, setView: (next: string) => (view = next), view: () => view };
}

describe('the user’s moves and the component’s own', () => {
  it('reports a user move after the delay, with the view it ended on', () => {
    const { moves, report, view } = reporter();
    expect(moves.moved(view)).toBe(true);
    vi.advanceTimersByTime(MAP_SEARCH_DELAY_MS - 1);
    expect(report).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(report).toHaveBeenCalledExactlyOnceWith('first');
    expect(MAP_SEARCH_DELAY_MS).toBe(300);
  });

  it('quick moves report once, the last view', () => {
    const { moves, report, view, setView } = reporter();
    moves.moved(view);
    vi.advanceTimersByTime(200);
    setView('second');
    moves.moved(view);
    vi.advanceTimersByTime(200);
    expect(report).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(report).toHaveBeenCalledExactlyOnceWith('second');
  });

  it('ignores the moves the component makes itself, nested or not', () => {
    const { moves, report, view } = reporter();
    const result = moves.programmatic(() => {
      expect(moves.moved(view)).toBe(false);
      moves.programmatic(() => moves.moved(view));
      expect(moves.moved(view)).toBe(false);
      return 'fitted';
    });
    expect(result).toBe('fitted');
    vi.advanceTimersByTime(1000);
    expect(report).not.toHaveBeenCalled();
    expect(moves.moved(view)).toBe(true);
  });

  it('a programmatic move that throws still lets later user moves through', () => {
    const { moves, view } = reporter();
    expect(() =>
      moves.programmatic(() => {
        throw new Error('no size');
      }),
    ).toThrow('no size');
    expect(moves.moved(view)).toBe(true);
  });

  it('cancel drops a waiting report', () => {
    const { moves, report, view } = reporter();
    moves.moved(view);
    moves.cancel();
    vi.advanceTimersByTime(1000);
    expect(report).not.toHaveBeenCalled();
  });
});
