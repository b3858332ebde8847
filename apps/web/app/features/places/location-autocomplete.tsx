import { MAP } from '@hora/core/config';
import type { Place } from '@hora/core/geo';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import { CLOSED, type ComboboxState, comboboxKey } from './combobox-keys.ts';
import { CrosshairIcon } from './crosshair-icon.tsx';
import { CURRENT_LOCATION_ID, canLocate, locateViewer } from './current-location.ts';
import type { PresetPlace } from './presets.ts';
import { usePlacePredictions } from './use-place-predictions.ts';
import './location-autocomplete.css';

export interface LocationAutocompleteProps {
  /** The field's label; read by screen readers even when `hideLabel` hides it. */
  label: string;
  hideLabel?: boolean;
  /** Name of the text input in a form (a search form without JavaScript sends the typed text). */
  name?: string;
  /** The text the box starts with (a stored address, the current search). */
  defaultValue?: string;
  placeholder?: string;
  /** A place was picked from the list, or the browser's position was found. */
  onSelect: (place: Place) => void;
  /** Every change of the text; a form uses it to forget a place the text no longer names. */
  onTextChange?: (text: string) => void;
  /** Offer "current location" when the box is empty (spec: on by default). */
  showCurrentLocation?: boolean;
  /** Places offered when the box is empty, after "current location" (the search boxes' cities). */
  presets?: readonly PresetPlace[];
  /** Leave the box once a place is picked (a search box that navigates at once; spec part 1 §2). */
  blurOnSelect?: boolean;
  /** Message key of an error to show under the box (from the form that holds it). */
  error?: string | undefined;
  hint?: string;
  autoFocus?: boolean;
  required?: boolean;
  className?: string;
}

type Option = { kind: 'current' } | { kind: 'place'; place: Place; name?: string };

/**
 * A location box: type a place, pick one of five predictions (WAI-ARIA combobox: a listbox popup
 * with the active option named by aria-activedescendant, so focus stays in the text), or "current
 * location". Used by the wizard's address, the top bar, the search page and the 404 page.
 */
export function LocationAutocomplete(props: LocationAutocompleteProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const [text, setText] = useState(props.defaultValue ?? '');
  // After a pick the text is the place's name: no need to predict it again until it is edited.
  const [picked, setPicked] = useState(props.defaultValue !== undefined && props.defaultValue !== '');
  const [list, setList] = useState<ComboboxState>(CLOSED);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string>();
  const [locationAvailable, setLocationAvailable] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const predictions = usePlacePredictions(text, locale, !picked);

  // Known only in the browser: the server renders no "current location" option.
  useEffect(() => setLocationAvailable(canLocate()), []);

  const empty = text.trim() === '';
  const offerCurrent =
    (props.showCurrentLocation ?? MAP.suggestCurrentLocation) && locationAvailable && empty;
  const options: Option[] = empty
    ? [
        ...(offerCurrent ? [{ kind: 'current' } as const] : []),
        ...(props.presets ?? []).map(({ name, place }) => ({ kind: 'place', place, name }) as const),
      ]
    : predictions.places.map((place) => ({ kind: 'place', place }));
  const expanded = list.open && options.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;

  function changeText(next: string, open = true) {
    setText(next);
    setPicked(false);
    setLocateError(undefined);
    setList(open ? { open: true, active: -1 } : CLOSED);
    props.onTextChange?.(next);
  }

  function pick(place: Place) {
    setText(place.address);
    setPicked(true);
    setList(CLOSED);
    props.onTextChange?.(place.address);
    if (props.blurOnSelect) input.current?.blur();
    props.onSelect(place);
  }

  async function choose(index: number) {
    const option = options[index];
    if (!option) return;
    if (option.kind === 'place') return pick(option.place);
    setList(CLOSED);
    setLocating(true);
    const result = await locateViewer(t('places.currentLocation.label'));
    setLocating(false);
    if (result.ok) pick(result.place);
    else setLocateError(result.error);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const result = comboboxKey(list, event.key, options.length, { altKey: event.altKey });
    if (result.handled) event.preventDefault();
    setList(result.state);
    if (result.effect.type === 'select') void choose(result.effect.index);
    // Escape on a closed list empties the box and leaves the list closed (until the next key).
    if (result.effect.type === 'clear' && text !== '') changeText('', false);
  }

  const status = statusMessage();
  function statusMessage(): string {
    if (locating) return t('places.currentLocation.locating');
    if (!list.open || picked) return '';
    if (predictions.status === 'loading') return t('places.status.loading');
    if (predictions.status === 'done')
      return predictions.places.length === 0
        ? t('places.status.none')
        : t('places.status.count', { count: predictions.places.length });
    return '';
  }
  const error =
    locateError ?? (predictions.status === 'error' ? predictions.error : undefined) ?? props.error;
  const describedBy = [error ? `${id}-error` : '', props.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');

  return (
    <div className={`field place-search ${props.className ?? ''}`}>
      <label htmlFor={inputId} className={props.hideLabel ? 'visually-hidden' : 'field__label'}>
        {props.label}
      </label>
      <div className="place-search__box">
        <input
          ref={input}
          id={inputId}
          className="field__input place-search__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && list.active >= 0 ? optionId(list.active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          aria-busy={predictions.status === 'loading' || locating ? true : undefined}
          name={props.name}
          value={text}
          placeholder={props.placeholder}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={100}
          required={props.required}
          // biome-ignore lint/a11y/noAutofocus: only where a page is about this box (the search modal)
          autoFocus={props.autoFocus}
          onChange={(event) => changeText(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setList((current) => ({ ...current, open: true }))}
          onBlur={() => setList(CLOSED)}
        />
        <div
          id={listId}
          role="listbox"
          aria-label={props.label}
          className="place-search__list"
          hidden={!expanded}
        >
          {options.map((option, index) => (
            // Options stay out of the tab order: the box keeps focus and names the active one
            // (aria-activedescendant), and its keyboard handler picks it (combobox-keys.ts).
            // biome-ignore lint/a11y/useFocusableInteractive: see above
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={
                option.kind === 'place' ? `${option.place.id}:${option.place.address}` : CURRENT_LOCATION_ID
              }
              id={optionId(index)}
              role="option"
              aria-selected={index === list.active}
              className={`place-search__option ${option.kind === 'current' ? 'place-search__option--current' : ''}`}
              // Keep focus in the box: the pick happens on click, after the box would have lost it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => void choose(index)}
              onMouseMove={() => index !== list.active && setList({ open: true, active: index })}
            >
              {option.kind === 'current' ? (
                <>
                  <CrosshairIcon />
                  {t('places.currentLocation.label')}
                </>
              ) : (
                (option.name ?? option.place.address)
              )}
            </div>
          ))}
        </div>
      </div>
      <p role="status" className="visually-hidden">
        {status}
      </p>
      {props.hint && (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
}
