/**
 * The keyboard of a location box (WAI-ARIA combobox with a listbox popup): arrows move through the
 * options and wrap, Enter picks the active one, Escape closes the list (or, when it is closed,
 * clears the text), Tab leaves and closes. Pure, so the rules are tested without a browser.
 */
export interface ComboboxState {
  open: boolean;
  /** Index of the active option, -1 when none is. */
  active: number;
}

export type ComboboxEffect = { type: 'none' } | { type: 'select'; index: number } | { type: 'clear' };

export interface ComboboxKeyResult {
  state: ComboboxState;
  effect: ComboboxEffect;
  /** Whether the key was used, so the input's own behaviour (moving the caret, sending the form) is prevented. */
  handled: boolean;
}

export const CLOSED: ComboboxState = { open: false, active: -1 };

export function comboboxKey(
  state: ComboboxState,
  key: string,
  optionCount: number,
  modifiers: { altKey?: boolean } = {},
): ComboboxKeyResult {
  const none = { type: 'none' } as const;
  switch (key) {
    case 'ArrowDown': {
      if (optionCount === 0) return { state, effect: none, handled: state.open };
      // Alt+Down opens the list without choosing (APG), as a plain Down does on a closed list.
      if (!state.open || modifiers.altKey)
        return { state: { open: true, active: state.open ? state.active : -1 }, effect: none, handled: true };
      return { state: { open: true, active: (state.active + 1) % optionCount }, effect: none, handled: true };
    }
    case 'ArrowUp': {
      if (optionCount === 0) return { state, effect: none, handled: state.open };
      if (!state.open) return { state: { open: true, active: optionCount - 1 }, effect: none, handled: true };
      if (modifiers.altKey) return { state: CLOSED, effect: none, handled: true };
      return {
        state: { open: true, active: state.active <= 0 ? optionCount - 1 : state.active - 1 },
        effect: none,
        handled: true,
      };
    }
    case 'Enter': {
      if (state.open && state.active >= 0 && state.active < optionCount) {
        return { state: CLOSED, effect: { type: 'select', index: state.active }, handled: true };
      }
      return { state, effect: none, handled: false };
    }
    case 'Escape': {
      if (state.open) return { state: CLOSED, effect: none, handled: true };
      return { state, effect: { type: 'clear' }, handled: true };
    }
    case 'Tab':
      return { state: CLOSED, effect: none, handled: false };
    default:
      return { state, effect: none, handled: false };
  }
}
