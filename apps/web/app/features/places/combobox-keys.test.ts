import { describe, expect, it } from 'vitest';
import { CLOSED, type ComboboxState, comboboxKey } from './combobox-keys.ts';

const open = (active: number): ComboboxState => ({ open: true, active });

describe('location box keyboard', () => {
  it.each([
    ['Down opens a closed list without choosing', CLOSED, 'ArrowDown', open(-1)],
    ['Down moves to the first option', open(-1), 'ArrowDown', open(0)],
    ['Down moves on', open(1), 'ArrowDown', open(2)],
    ['Down wraps from the last option to the first', open(4), 'ArrowDown', open(0)],
    ['Up opens a closed list on the last option', CLOSED, 'ArrowUp', open(4)],
    ['Up moves back', open(2), 'ArrowUp', open(1)],
    ['Up wraps from the first option to the last', open(0), 'ArrowUp', open(4)],
    ['Up from no option goes to the last', open(-1), 'ArrowUp', open(4)],
    ['Escape closes an open list', open(2), 'Escape', CLOSED],
  ] as const)('%s', (_name, state, key, expected) => {
    const result = comboboxKey(state, key, 5);
    expect(result.state).toEqual(expected);
    expect(result.effect).toEqual({ type: 'none' });
    expect(result.handled).toBe(true);
  });

  it('Alt+Down opens the list and keeps the active option', () => {
    expect(comboboxKey(CLOSED, 'ArrowDown', 5, { altKey: true }).state).toEqual(open(-1));
    expect(comboboxKey(open(2), 'ArrowDown', 5, { altKey: true }).state).toEqual(open(2));
  });

  it('Alt+Up closes the list', () => {
    expect(comboboxKey(open(2), 'ArrowUp', 5, { altKey: true }).state).toEqual(CLOSED);
  });

  it('Enter picks the active option and closes the list', () => {
    expect(comboboxKey(open(3), 'Enter', 5)).toEqual({
      state: CLOSED,
      effect: { type: 'select', index: 3 },
      handled: true,
    });
  });

  it('Enter with no active option is left to the form (it submits)', () => {
    expect(comboboxKey(open(-1), 'Enter', 5)).toMatchObject({ effect: { type: 'none' }, handled: false });
    expect(comboboxKey(CLOSED, 'Enter', 5)).toMatchObject({ effect: { type: 'none' }, handled: false });
  });

  it('Enter never picks an option that is gone (the list shrank)', () => {
    expect(comboboxKey(open(4), 'Enter', 2).effect).toEqual({ type: 'none' });
  });

  it('Escape on a closed list clears the text', () => {
    expect(comboboxKey(CLOSED, 'Escape', 5)).toEqual({
      state: CLOSED,
      effect: { type: 'clear' },
      handled: true,
    });
  });

  it('Tab closes the list and moves focus as usual', () => {
    expect(comboboxKey(open(1), 'Tab', 5)).toEqual({
      state: CLOSED,
      effect: { type: 'none' },
      handled: false,
    });
  });

  it('arrows on an empty list do nothing, and other keys are typing', () => {
    expect(comboboxKey(CLOSED, 'ArrowDown', 0)).toMatchObject({ state: CLOSED, handled: false });
    expect(comboboxKey(open(-1), 'ArrowUp', 0)).toMatchObject({ state: open(-1), handled: true });
    expect(comboboxKey(open(1), 'a', 5)).toEqual({
      state: open(1),
      effect: { type: 'none' },
      handled: false,
    });
    expect(comboboxKey(open(1), 'Home', 5).handled).toBe(false);
  });
});
