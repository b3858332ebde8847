import { describe, expect, it, vi } from 'vitest';
import { FIRST_ACTION_EVENTS, loadOnFirstAction, type Validation } from './use-validation.ts';

const schemas = {} as Validation;

describe('validation schemas load on the first action, not on arrival', () => {
  it('loads nothing while the page is only shown or a field is focused on mount', async () => {
    const page = new EventTarget();
    const load = vi.fn(async () => schemas);
    const onLoaded = vi.fn();
    const stop = loadOnFirstAction(page, onLoaded, load);
    page.dispatchEvent(new Event('focusin'));
    page.dispatchEvent(new Event('scroll'));
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    stop();
  });

  it.each(FIRST_ACTION_EVENTS)('loads once, on the first %s, and hands the schemas over', async (type) => {
    const page = new EventTarget();
    const load = vi.fn(async () => schemas);
    const onLoaded = vi.fn();
    loadOnFirstAction(page, onLoaded, load);
    page.dispatchEvent(new Event(type));
    page.dispatchEvent(new Event(type));
    await vi.waitFor(() => expect(onLoaded).toHaveBeenCalledWith(schemas));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a form that left before the schemas arrived', async () => {
    const page = new EventTarget();
    let arrive: (value: Validation) => void = () => undefined;
    const load = vi.fn(() => new Promise<Validation>((resolve) => (arrive = resolve)));
    const onLoaded = vi.fn();
    const stop = loadOnFirstAction(page, onLoaded, load);
    page.dispatchEvent(new Event('keydown'));
    stop();
    arrive(schemas);
    await Promise.resolve();
    expect(onLoaded).not.toHaveBeenCalled();
  });
});
