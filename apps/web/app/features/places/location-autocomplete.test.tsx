import { CITY_PRESETS } from '@hora/core/config';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mergedCatalogue } from '../../i18n/catalogue.ts';
import { I18nProvider } from '../../i18n/i18n.tsx';
import { LocationAutocomplete } from './location-autocomplete.tsx';
import { CITY_PRESET_PLACES } from './presets.ts';

function render(props: Partial<Parameters<typeof LocationAutocomplete>[0]> = {}, locale: 'es' | 'en' = 'es') {
  return renderToString(
    <I18nProvider locale={locale} messages={mergedCatalogue(locale)}>
      <LocationAutocomplete label="Ubicación" onSelect={() => {}} {...props} />
    </I18nProvider>,
  );
}

describe('LocationAutocomplete on the server render', () => {
  it('is a labelled combobox that controls a hidden listbox', () => {
    const html = render({ name: 'address', placeholder: 'Busca una ciudad' });
    const input = /<input[^>]*>/.exec(html)?.[0] ?? '';
    expect(input).toContain('role="combobox"');
    expect(input).toContain('aria-autocomplete="list"');
    expect(input).toContain('aria-expanded="false"');
    expect(input).toContain('name="address"');
    expect(input).toContain('autoComplete="off"');
    expect(input).not.toContain('aria-activedescendant');
    const inputId = /id="([^"]+)"/.exec(input)?.[1];
    const listId = /aria-controls="([^"]+)"/.exec(input)?.[1];
    expect(html).toContain(`<label for="${inputId}"`);
    expect(html).toMatch(new RegExp(`<div id="${listId}" role="listbox" aria-label="Ubicación"[^>]*hidden`));
    expect(html).toContain('role="status"');
  });

  it('starts with the given text and offers no current location before the browser says it can', () => {
    const html = render({ defaultValue: 'Madrid, Comunidad de Madrid, España' });
    expect(html).toContain('value="Madrid, Comunidad de Madrid, España"');
    expect(html).not.toContain('Ubicación actual');
  });

  it('shows a translated error tied to the box', () => {
    const html = render({ error: 'errors.api.listing-address-not-recognised' }, 'en');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('We don&#x27;t recognise this address');
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`id="${describedBy}"`);
  });
});

describe('LocationAutocomplete presets', () => {
  it('lists the preset cities by name while the box is empty', () => {
    const html = render({ presets: CITY_PRESET_PLACES });
    const options = [...html.matchAll(/role="option"[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(options).toEqual(['Barcelona', 'Madrid', 'Valencia']);
    expect(html).toMatch(/role="listbox"[^>]*hidden/);
  });

  it('hides them once the box has text', () => {
    const html = render({ presets: CITY_PRESET_PLACES, defaultValue: 'Sevilla' });
    expect(html).not.toContain('role="option"');
  });

  it('stand for core’s city presets: their addresses and bounds', () => {
    expect(CITY_PRESET_PLACES.map(({ place }) => place.address)).toEqual(
      CITY_PRESETS.map((city) => city.address),
    );
    expect(CITY_PRESET_PLACES[1]?.place).toMatchObject({
      origin: CITY_PRESETS[1].origin,
      bounds: CITY_PRESETS[1].bounds,
    });
  });
});
