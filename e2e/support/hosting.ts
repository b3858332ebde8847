import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshot } from './browser.ts';

/** A plain 256×256 tile (a 1×1 grey PNG, stretched by the map): no journey reaches the Internet. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGN4+/YtAAU+Ap8eQHmJAAAAAElFTkSuQmCC',
  'base64',
);

/**
 * Answers the map's tile requests (OpenStreetMap by default) with a blank tile, so maps draw their
 * pin the same way with or without a network, and no failed load shows as a console error.
 */
export async function serveBlankTiles(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/[^/]*tile[^/]*\/\d+\/\d+\/\d+\.png/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
}

export interface NewHost {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** Signs a new person up through the form (the captcha solves itself in the browser), signed in after. */
export async function signUp(page: Page, baseUrl: string, host: NewHost): Promise<void> {
  await page.goto(`${baseUrl}/signup`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(host.email);
  await page.getByLabel('Nombre').fill(host.firstName);
  await page.getByLabel('Apellidos').fill(host.lastName);
  await page.getByLabel('Contraseña').fill(host.password);
  await page.getByLabel(/Acepto los/).check();
  await page.getByTestId('captcha').getByText('Verificado').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByTestId('account-menu').waitFor();
}

/** Logs an existing person in through the form. */
export async function logIn(page: Page, baseUrl: string, host: Pick<NewHost, 'email' | 'password'>) {
  await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(host.email);
  await page.getByLabel('Contraseña').fill(host.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** The page's full width (its `scrollWidth`): more than the screen's means it scrolls sideways. */
export function documentWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The wizard's address for a tab, whatever the slug and id: `/l/…/…/…/<tab>`. */
export function wizardTabUrl(tab: string): RegExp {
  return new RegExp(`/l/[^/]+/[0-9a-f-]{36}/(new|draft|edit)/${tab}$`);
}

/** Accepts the cookie notice, as a person does on their first page: it no longer covers the forms. */
export async function acceptCookies(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Aviso de cookies' });
  await banner.getByRole('button', { name: 'Aceptar' }).click();
  await banner.waitFor({ state: 'detached' });
}

/**
 * A whole-page screenshot taken from the top: scrolled down, a full-page capture draws the sticky
 * top bar across the middle of the page.
 */
export async function pageScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/**
 * Picks a city from the wizard's address box (its field cleared first): the geocoder's suggestion for
 * the name's first four letters, as a host types it. Returns once the field holds the picked place.
 */
export async function pickCity(page: Page, city: string): Promise<void> {
  const address = page.getByRole('combobox', { name: 'Dirección' });
  await address.fill('');
  await address.pressSequentially(city.slice(0, 4));
  await page
    .getByRole('option', { name: new RegExp(`^${city}`) })
    .first()
    .click();
  await expect.poll(() => address.inputValue()).toMatch(new RegExp(`^${city}`));
}
