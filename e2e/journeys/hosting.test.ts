import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot, unexpectedProblems, useBrowser, VIEWPORTS } from '../support/browser.ts';
import { serverTime } from '../support/clock.ts';
import {
  acceptCookies,
  documentWidth,
  logIn,
  type NewHost,
  pageScreenshot,
  pickCity,
  serveBlankTiles,
  signUp,
  wizardTabUrl,
} from '../support/hosting.ts';
import { linkFromMailbox } from '../support/mailbox.ts';

const baseUrl = inject('baseUrl');
const mailboxLink = inject('mailboxLink');
const browser = useBrowser();
const fixturesDir = path.join(import.meta.dirname, '..', 'fixtures');

const host: NewHost = {
  email: `marta.host.${Date.now()}@example.com`,
  firstName: 'Marta',
  lastName: 'Ruiz',
  password: 'cocido-madrileno-31',
};
const title = 'Cocina profesional en Chamberí';
/** The price per hour as typed, and as the pages show it. */
const price = { typed: '25', shown: '25,00 €' };

/** What the first journey leaves for the visitor's: the listing's address and its cover photo. */
const published = { path: '', coverId: '' };

/** `YYYY-MM-DD` `days` days after `date`, in Madrid. */
function madridDate(date: Date, days: number): string {
  const later = new Date(date.getTime() + days * 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(later);
}

/** The wizard's tabs and their titles. */
const TABS = {
  features: 'Características',
  location: 'Ubicación',
  pricing: 'Precio',
  availability: 'Disponibilidad',
  photos: 'Fotos',
} as const;

/** Saves the current tab and waits for the wizard to show the `next` one. */
async function saveAndContinue(page: Page, next: keyof typeof TABS) {
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();
  await page.waitForURL(wizardTabUrl(next));
  await page.getByRole('heading', { level: 2, name: TABS[next], exact: true }).waitFor();
}

/** The id of the listing image a photo card shows (its URLs are `/uploads/listings/…/<imageId>/…`). */
async function imageIdOf(page: Page, alt: string): Promise<string> {
  const src = (await page.getByRole('img', { name: alt, exact: true }).getAttribute('src')) ?? '';
  const id = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/.exec(src)?.[1];
  if (!id) throw new Error(`No image id in "${src}"`);
  return id;
}

describe('a host puts a space online (Spanish)', () => {
  it('signs up, fills every tab of the wizard, sets up payouts from the publish modal, publishes, closes and reopens', async () => {
    const { page, problems, context } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);
    await signUp(page, baseUrl, host);
    await acceptCookies(page);
    // Verified at once, as the email asks: the reminder to do so would otherwise follow the host.
    await page.goto(
      await linkFromMailbox(page, mailboxLink, host.email, 'Confirma tu dirección', '/verify-email'),
    );
    await page.getByRole('heading', { name: /Tu email está verificado/ }).waitFor();

    // Description: "Publica tu espacio" opens the wizard on a draft that does not exist yet.
    await page.getByTestId('topbar-desktop').getByRole('link', { name: 'Publica tu espacio' }).click();
    await page.waitForURL(wizardTabUrl('description'));
    await page.getByRole('heading', { name: 'Nuevo anuncio' }).waitFor();
    await page.getByLabel('Título del anuncio').fill(title);
    await page
      .getByRole('textbox', { name: 'Descripción' })
      .fill(
        'Cocina industrial de 40 m² con horno de convección, seis fuegos y cámara frigorífica.\n\nA dos minutos del metro de Iglesia.',
      );
    await pageScreenshot(page, 'hosting-1-description-es-desktop');
    await saveAndContinue(page, 'features');

    // Features: two categories, how many people fit, a certificate and the house rules.
    await page.getByRole('checkbox', { name: 'Cocina', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Estudio', exact: true }).check();
    await page.getByLabel('Capacidad (personas)').fill('8');
    await page.getByLabel('Certificado o licencia (opcional)').fill('Registro sanitario 26.012345/M');
    await page.getByLabel('Normas del espacio (opcional)').fill('Deja la cocina como la encontraste.');
    await pageScreenshot(page, 'hosting-2-features-es-desktop');
    await saveAndContinue(page, 'location');

    // Location: a suggestion of the geocoder, then the pin moved to the door with the arrow keys.
    await pickCity(page, 'Madrid');
    const pin = page.getByRole('button', { name: /Chincheta de la entrada/ });
    const before = await pin.boundingBox();
    if (!before) throw new Error('The pin is not on the map');
    const grip = { x: before.x + before.width / 2, y: before.y + before.height - 4 };
    await page.mouse.move(grip.x, grip.y);
    await page.mouse.down();
    await page.mouse.move(grip.x + 15, grip.y - 10, { steps: 5 });
    await page.mouse.move(grip.x + 30, grip.y - 20, { steps: 5 });
    await page.mouse.up();
    await expect.poll(async () => (await pin.boundingBox())?.x).toBeGreaterThan(before.x + 20);
    await pin.focus();
    await page.keyboard.press('ArrowUp');
    await page.getByText('Chincheta movida 5 metros al norte.').waitFor({ state: 'attached' });
    await page.getByLabel('Edificio, piso o puerta (opcional)').fill('Local 2, entrada por el patio');
    await pageScreenshot(page, 'hosting-3-location-es-desktop');
    await saveAndContinue(page, 'pricing');

    // Pricing: a fixed price per hour.
    await page.getByRole('radio', { name: 'No, tiene un precio fijo' }).check();
    await page.getByLabel('Precio por hora (€)').fill(price.typed);
    await pageScreenshot(page, 'hosting-4-pricing-es-desktop');
    await saveAndContinue(page, 'availability');

    // Availability: two ranges on Monday copied to the week, a booking rule and an exception.
    await page.getByRole('button', { name: 'Añadir horario lunes' }).click();
    await page.getByLabel('Inicio del horario 1 del lunes').selectOption('09:00');
    await page.getByLabel('Fin del horario 1 del lunes').selectOption('14:00');
    await page.getByRole('button', { name: 'Añadir horario lunes' }).click();
    await page.getByLabel('Inicio del horario 2 del lunes').selectOption('16:00');
    await page.getByLabel('Fin del horario 2 del lunes').selectOption('21:00');
    await page.getByRole('button', { name: 'Copiar el horario del lunes a todos los días' }).click();
    expect(await page.getByLabel('Fin del horario 2 del domingo').inputValue()).toBe('21:00');
    await page.getByLabel('Duración mínima').selectOption({ label: '2 h' });

    await page.getByRole('button', { name: 'Añadir una excepción' }).click();
    const exceptionModal = page.getByRole('dialog', { name: 'Nueva excepción' });
    await exceptionModal.getByRole('radio', { name: 'No disponible' }).check();
    await exceptionModal.getByLabel('Fecha de inicio').fill(madridDate(await serverTime(), 10));
    await exceptionModal.getByLabel('Hora de inicio').selectOption('10:00');
    await exceptionModal.getByLabel('Hora de fin').selectOption('13:00');
    await screenshot(page, 'hosting-5-exception-es-desktop', { fullPage: false });
    await exceptionModal.getByRole('button', { name: 'Añadir excepción' }).click();
    await exceptionModal.waitFor({ state: 'detached' });
    const exceptionItem = page.locator('.exception-list__item');
    await exceptionItem.getByText('No disponible').waitFor();
    expect(await exceptionItem.getByRole('button', { name: /^Eliminar la excepción/ }).count()).toBe(1);
    await pageScreenshot(page, 'hosting-5-availability-es-desktop');
    await saveAndContinue(page, 'photos');

    // Photos: two files at once, each with its own progress bar while it is sent (held until both
    // show), then the second one moved first with the keyboard: it becomes the cover.
    let releaseUploads: () => void = () => {};
    const uploadsHeld = new Promise<void>((resolve) => (releaseUploads = resolve));
    await page.route(/\/api\/own-listings\/[^/]+\/images$/, async (route) => {
      if (route.request().method() === 'POST') await uploadsHeld;
      await route.fallback();
    });
    await page
      .getByLabel('Elegir fotos')
      .setInputFiles([
        path.join(fixturesDir, 'space-kitchen.jpg'),
        path.join(fixturesDir, 'space-studio.png'),
      ]);
    const bars = page.getByRole('progressbar');
    await bars.nth(1).waitFor();
    expect(await bars.count()).toBe(2);
    expect(await bars.nth(0).getAttribute('aria-label')).toContain('space-kitchen.jpg');
    expect(await bars.nth(1).getAttribute('aria-label')).toContain('space-studio.png');
    await pageScreenshot(page, 'hosting-6-photos-uploading-es-desktop');
    releaseUploads();
    await page.getByRole('img', { name: 'Foto 2 de 2', exact: true }).waitFor();
    await page.unroute(/\/api\/own-listings\/[^/]+\/images$/);
    expect(await bars.count()).toBe(0);

    const first = await imageIdOf(page, 'Foto 1 de 2');
    const second = await imageIdOf(page, 'Foto 2 de 2');
    const handle = page.getByRole('button', { name: 'Mover la foto 2' });
    // The thumbnails have their size once loaded; dnd-kit measures the cards as they are then.
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.photo-card img')].every((img) => img.complete),
    );
    await handle.focus();
    // Each key waits for what a screen reader is told: dnd-kit measures the grid between the moves.
    await page.keyboard.press('Space');
    // Picked up and measured: dnd-kit finds the photo over its own place first.
    await page.getByText('La foto 2 pasaría a la posición 2 de 2.').waitFor({ state: 'attached' });
    // An arrow pressed while dnd-kit is still measuring the other cards does nothing, for a person
    // too, who presses it again: so does the journey, a few times at most.
    const movedLeft = page.getByText('La foto 2 pasaría a la posición 1 de 2.');
    for (let attempt = 1; attempt <= 5 && !(await movedLeft.count()); attempt += 1) {
      await page.keyboard.press('ArrowLeft');
      await movedLeft.waitFor({ state: 'attached', timeout: 2000 }).catch(() => {});
    }
    await movedLeft.waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await page.getByText('Has dejado la foto en la posición 1 de 2.').waitFor({ state: 'attached' });
    await expect.poll(() => imageIdOf(page, 'Foto 1 de 2')).toBe(second);
    expect(await imageIdOf(page, 'Foto 2 de 2')).toBe(first);
    const cover = page.locator('.photo-card', { hasText: 'Portada' });
    expect(await cover.getByRole('img').getAttribute('src')).toContain(second);
    await pageScreenshot(page, 'hosting-6-photos-es-desktop');
    published.coverId = second;

    // Publish: no payout account yet, so the modal asks for one.
    await page.getByRole('button', { name: 'Publicar anuncio' }).click();
    const payoutModal = page.getByRole('dialog', { name: 'Configura tus cobros para publicar' });
    await payoutModal.getByLabel('País').selectOption('ES');
    await payoutModal.getByRole('radio', { name: 'Particular' }).check();
    await payoutModal.getByLabel('IBAN').fill('ES91 2100 0418 4502 0005 1332');
    await payoutModal.getByLabel('Nombre', { exact: true }).fill(host.firstName);
    await payoutModal.getByLabel('Apellidos').fill(host.lastName);
    await payoutModal.getByLabel('Día').selectOption('14');
    await payoutModal.getByLabel('Mes').selectOption('3');
    await payoutModal.getByLabel('Año').selectOption('1986');
    await payoutModal.getByLabel('Email').fill(host.email);
    await payoutModal.getByLabel('Teléfono').fill('+34 612 345 678');
    await payoutModal.getByLabel('Dirección').fill('Calle de Santa Engracia 12');
    await payoutModal.getByLabel('Código postal').fill('28010');
    await payoutModal.getByLabel('Ciudad').fill('Madrid');
    await payoutModal.getByLabel('Web de tu negocio o tu perfil').fill('https://cocina-chamberi.example.com');
    await screenshot(page, 'hosting-7-payout-modal-es-desktop', { fullPage: false });
    await payoutModal.getByRole('button', { name: 'Guardar datos de cobro' }).click();
    await payoutModal.getByRole('heading', { name: 'Falta verificar tu cuenta' }).waitFor();
    await payoutModal.getByText('Los pagos llegan a la cuenta terminada en 1332.').waitFor();
    await payoutModal.getByRole('button', { name: 'Verificar mi cuenta' }).click();

    // The sandbox's hosted onboarding, then back to the wizard, which publishes.
    await page.waitForURL(/\/sandbox\/connect\//);
    await page.getByRole('heading', { name: 'Verifica tu cuenta de cobros' }).waitFor();
    await pageScreenshot(page, 'hosting-8-sandbox-onboarding-es-desktop');
    await page.getByRole('button', { name: 'Completar verificación' }).click();
    await page.waitForURL(/\/l\/cocina-profesional-en-chamberi\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByTestId('gallery').waitFor();
    published.path = new URL(page.url()).pathname;
    await pageScreenshot(page, 'hosting-9-listing-owner-es-desktop');

    // "Tus anuncios": the listing is there; close it from its menu, then open it again.
    await page.getByTestId('account-menu').locator('summary').click();
    await page.getByRole('link', { name: 'Tus anuncios' }).click();
    await page.waitForURL(`${baseUrl}/listings`);
    await page.getByRole('heading', { name: 'Tienes 1 anuncio' }).waitFor();
    const card = page.getByTestId('own-listing-card').filter({ hasText: title });
    expect(await card.getAttribute('data-state')).toBe('published');
    await card.getByLabel(`Acciones de «${title}»`).click();
    await card.getByRole('button', { name: 'Cerrar anuncio' }).click();
    await card.getByText('Anuncio cerrado').waitFor();
    await expect.poll(() => card.getAttribute('data-state')).toBe('closed');
    await pageScreenshot(page, 'hosting-10-manage-closed-es-desktop');
    await card.getByRole('button', { name: 'Abrir anuncio' }).click();
    await expect.poll(() => card.getAttribute('data-state')).toBe('published');
    expect(await card.getByText('Publicado').isVisible()).toBe(true);
    await pageScreenshot(page, 'hosting-10-manage-es-desktop');

    // The only failed load: publishing before the payout account existed.
    expect(
      unexpectedProblems(problems, [
        { status: 409, path: `/api/own-listings/${published.path.split('/').at(-1)}/publish` },
      ]),
    ).toEqual([]);
    await context.close();
  }, 180_000);

  it('shows a visitor the listing: title, price and og:image in its first HTML, then the gallery and free times', async () => {
    expect(published.path, 'the host’s journey published a listing').not.toBe('');
    const { page, problems, context } = await openPage(browser(), 'desktop');
    await serveBlankTiles(context);

    // The server's first answer, before any script runs: what a search engine or a chat preview reads.
    const response = await page.request.get(`${baseUrl}${published.path}`);
    expect(response.status()).toBe(200);
    const html = (await response.text()).replaceAll('\u00a0', ' ');
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(title);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(html).toContain(price.shown);
    const ogImage = /<meta[^>]*property="og:image"[^>]*content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(new URL(ogImage).origin, 'og:image is an absolute URL of the site').toBe(baseUrl);
    expect(ogImage).toContain(published.coverId);
    const image = await page.request.get(ogImage);
    expect(image.headers()['content-type']).toBe('image/jpeg');

    await page.goto(`${baseUrl}${published.path}`);
    await acceptCookies(page);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const gallery = page.getByTestId('gallery');
    const cover = gallery.getByRole('img', { name: `${title}: foto 1 de 2` });
    await cover.waitFor();
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    await gallery.getByRole('button', { name: 'Ver la foto 2 de 2' }).click();
    await gallery.getByText('2 / 2').waitFor();
    const panel = page.getByTestId('booking-panel');
    expect((await panel.getByTestId('listing-price').innerText()).replaceAll('\u00a0', ' ')).toBe(
      `${price.shown} por hora`,
    );
    // The weekly plan holds every day's morning and afternoon: tomorrow's first free hour is 09:00,
    // whose booking ends by 14:00 (one free range); from 16:00 the last end is 21:00.
    const form = panel.getByTestId('booking-form');
    await form.locator('select[name="bookingStart"]').waitFor({ state: 'attached' });
    const startDate = form.getByLabel('Fecha de inicio');
    const tomorrow = await startDate
      .locator('option:not([disabled])')
      .evaluateAll(
        (options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean)[1],
      );
    await startDate.selectOption(tomorrow ?? '');
    await expect
      .poll(() => form.getByLabel('Hora de inicio').locator('option:checked').innerText())
      .toBe('09:00');
    const morningEnds = await form.getByLabel('Hora de fin').locator('option').allInnerTexts();
    expect(morningEnds.at(-1)).toBe('14:00');
    await form.getByLabel('Hora de inicio').selectOption({ label: '16:00' });
    await expect
      .poll(async () => (await form.getByLabel('Hora de fin').locator('option').allInnerTexts()).at(-1))
      .toBe('21:00');
    await pageScreenshot(page, 'hosting-11-listing-visitor-es-desktop');

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  it('takes the host through the wizard again on a phone, with nothing wider than the screen', async () => {
    const { page, problems, context } = await openPage(browser(), 'phone');
    await serveBlankTiles(context);
    await logIn(page, baseUrl, host);
    await acceptCookies(page);

    await page.goto(`${baseUrl}/l/new`);
    await page.waitForURL(wizardTabUrl('description'));
    await page.getByText('Paso 1 de 6').waitFor();
    await page.getByLabel('Título del anuncio').fill('Terraza con vistas en Lavapiés');
    await page
      .getByRole('textbox', { name: 'Descripción' })
      .fill('Terraza de 60 m² en una azotea, con sombra por la tarde y mesas para doce personas.');
    await expectFitsPhone(page, 'hosting-phone-1-description');
    await saveAndContinue(page, 'features');

    await page.getByRole('checkbox', { name: 'Terraza', exact: true }).check();
    await page.getByLabel('Capacidad (personas)').fill('12');
    await expectFitsPhone(page, 'hosting-phone-2-features');
    await saveAndContinue(page, 'location');

    await pickCity(page, 'Madrid');
    await page.getByRole('button', { name: /Chincheta de la entrada/ }).waitFor();
    await expectFitsPhone(page, 'hosting-phone-3-location');
    await saveAndContinue(page, 'pricing');

    await page.getByRole('radio', { name: 'Sí, quiero negociarlo' }).check();
    await page.getByLabel('Precio mínimo por hora (€)').fill('20');
    await page.getByLabel('Precio máximo por hora (€)').fill('40');
    await page.getByText('Precio de partida: 30,00 € por hora', { exact: false }).waitFor();
    await expectFitsPhone(page, 'hosting-phone-4-pricing');
    await saveAndContinue(page, 'availability');

    await page.getByRole('button', { name: 'Añadir horario sábado' }).click();
    await expectFitsPhone(page, 'hosting-phone-5-availability');

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  }, 120_000);
});

/** Screenshots the page on the phone and checks nothing makes it scroll sideways. */
async function expectFitsPhone(page: Page, name: string) {
  await pageScreenshot(page, `${name}-es-phone`);
  expect(await documentWidth(page), `${name}: the page is no wider than the phone`).toBeLessThanOrEqual(
    VIEWPORTS.phone.width,
  );
}
