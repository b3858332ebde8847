import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

/**
 * A card's menu of actions: a button that opens a list. It is a native disclosure (`<details>`),
 * so it opens without JavaScript; with it, Escape closes it and returns focus to the button, the
 * up and down arrows move between its items, and a click elsewhere closes it.
 */
export function CardMenu(props: { label: string; children: ReactNode }) {
  const menu = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      const details = menu.current;
      if (details?.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = menu.current;
    if (!details?.open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      details.open = false;
      details.querySelector('summary')?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = [...details.querySelectorAll<HTMLElement>('.card-menu__item:not([disabled])')];
    if (items.length === 0) return;
    event.preventDefault();
    const current = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    const next =
      current === -1 ? (step === 1 ? 0 : items.length - 1) : (current + step + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <details
      ref={menu}
      className="card-menu"
      onKeyDown={onKeyDown}
      // An action sent from the menu (close) is under way: the card shows it, the menu closes.
      onSubmit={() => {
        if (menu.current) menu.current.open = false;
      }}
    >
      <summary className="card-menu__button" aria-label={props.label}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </summary>
      <ul className="card-menu__list">{props.children}</ul>
    </details>
  );
}
