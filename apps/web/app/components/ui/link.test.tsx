import type { MouseEvent } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, type NavigateFunction, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { followLink, isPlainSiteLink, Link, LinkNavigation } from './link.tsx';

function render(element: React.ReactNode, path = '/s?page=2'): string {
  const router = createMemoryRouter([{ path: '*', element: <LinkNavigation>{element}</LinkNavigation> }], {
    initialEntries: [path],
  });
  return renderToString(<RouterProvider router={router} />);
}

type Click = MouseEvent<HTMLAnchorElement>;

function click(overrides: Partial<Click> = {}): Click & { prevented: () => boolean } {
  let prevented = false;
  return {
    button: 0,
    metaKey: false,
    altKey: false,
    ctrlKey: false,
    shiftKey: false,
    get defaultPrevented() {
      return prevented;
    },
    preventDefault() {
      prevented = true;
    },
    prevented: () => prevented,
    ...overrides,
  } as Click & { prevented: () => boolean };
}

describe('<Link>', () => {
  it('writes a full site path as a plain anchor that route discovery finds', () => {
    const html = render(
      <Link to="/l/sala/abc" className="card__link" aria-label="Sala">
        Sala
      </Link>,
    );
    expect(html).toBe(
      '<a class="card__link" aria-label="Sala" href="/l/sala/abc" data-discover="true">Sala</a>',
    );
  });

  it('writes React Router’s options that are off on no attribute of the anchor', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const html = render(
        <Link to="/" reloadDocument={false} viewTransition={false} prefetch="none" discover="render">
          Inicio
        </Link>,
      );
      expect(html).toBe('<a href="/" data-discover="true">Inicio</a>');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it('leaves a relative path to React Router, which resolves it against the page', () => {
    expect(render(<Link to="?page=3">3</Link>)).toBe('<a href="/s?page=3" data-discover="true">3</a>');
  });
});

describe('isPlainSiteLink', () => {
  it('is a full path of this site with none of React Router’s own options', () => {
    expect(isPlainSiteLink({ to: '/l/sala/abc' })).toBe(true);
    expect(isPlainSiteLink({ to: '/s?page=2#map', replace: true, preventScrollReset: true })).toBe(true);
    expect(isPlainSiteLink({ to: '/s', prefetch: 'none' })).toBe(true);
  });

  it('is not a relative path, another site’s, one ending in an empty ? or #, or a path given as an object', () => {
    for (const to of [
      '?page=3',
      '../x',
      'x',
      '',
      '//example.com/x',
      '/\\example.com',
      'https://example.com/',
      // React Router would drop an empty query or fragment from the address.
      '/s?',
      '/s#',
    ]) {
      expect(isPlainSiteLink({ to }), to).toBe(false);
    }
    expect(isPlainSiteLink({ to: { pathname: '/s' } })).toBe(false);
  });

  it('is not a link that reloads the document, carries state, prefetches or is discovered otherwise', () => {
    expect(isPlainSiteLink({ to: '/s', reloadDocument: true })).toBe(false);
    expect(isPlainSiteLink({ to: '/s', state: { from: 'x' } })).toBe(false);
    expect(isPlainSiteLink({ to: '/s', relative: 'path' })).toBe(false);
    expect(isPlainSiteLink({ to: '/s', prefetch: 'intent' })).toBe(false);
    expect(isPlainSiteLink({ to: '/s', viewTransition: true })).toBe(false);
    expect(isPlainSiteLink({ to: '/s', discover: 'none' })).toBe(false);
    expect(isPlainSiteLink({ to: '/s', mask: '/x' })).toBe(false);
    expect(isPlainSiteLink({ to: '/s', defaultShouldRevalidate: false })).toBe(false);
  });
});

describe('followLink', () => {
  const follow = (event: Click, link: Parameters<typeof followLink>[1], current = '/s') => {
    const navigate = vi.fn() as unknown as NavigateFunction & ReturnType<typeof vi.fn>;
    followLink(event, link, navigate, current);
    return navigate;
  };

  it('navigates in the app on a plain click, instead of the browser', () => {
    const event = click();
    const navigate = follow(event, { to: '/l/sala/abc' });
    expect(event.prevented()).toBe(true);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/l/sala/abc', {
      replace: false,
      preventScrollReset: undefined,
    });
  });

  it('replaces the history entry when the link names the page shown, or when asked', () => {
    expect(follow(click(), { to: '/s?page=2' }, '/s?page=2')).toHaveBeenCalledWith('/s?page=2', {
      replace: true,
      preventScrollReset: undefined,
    });
    expect(follow(click(), { to: '/x', replace: true, preventScrollReset: true })).toHaveBeenCalledWith(
      '/x',
      {
        replace: true,
        preventScrollReset: true,
      },
    );
  });

  it('leaves to the browser a click for a new tab or window, another button, or another target', () => {
    for (const event of [
      click({ metaKey: true }),
      click({ ctrlKey: true }),
      click({ shiftKey: true }),
      click({ altKey: true }),
      click({ button: 1 }),
    ]) {
      expect(follow(event, { to: '/x' })).not.toHaveBeenCalled();
      expect(event.prevented()).toBe(false);
    }
    expect(follow(click(), { to: '/x', target: '_blank' })).not.toHaveBeenCalled();
    expect(follow(click(), { to: '/x', target: '_self' })).toHaveBeenCalledOnce();
  });

  it('runs the link’s own onClick first, which can keep the click from navigating', () => {
    const order: string[] = [];
    const event = click();
    const navigate = follow(event, {
      to: '/x',
      onClick: (e) => {
        order.push('onClick');
        e.preventDefault();
      },
    });
    expect(order).toEqual(['onClick']);
    expect(navigate).not.toHaveBeenCalled();
    const allowed = follow(click(), { to: '/x', onClick: () => order.push('second') });
    expect(allowed).toHaveBeenCalledOnce();
  });
});
