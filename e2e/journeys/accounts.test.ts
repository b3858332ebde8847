import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { openPage, screenshot, unexpectedProblems, useBrowser } from '../support/browser.ts';

const fixturesDir = path.join(import.meta.dirname, '..', 'fixtures');

import { linkFromMailbox } from '../support/mailbox.ts';

const baseUrl = inject('baseUrl');
const mailboxLink = inject('mailboxLink');
const browser = useBrowser();

const email = `lucia.e2e.${Date.now()}@example.com`;
const firstPassword = 'tortilla-de-patatas-42';
const secondPassword = 'gazpacho-andaluz-99';
const thirdPassword = 'paella-valenciana-77';

describe('an account from sign-up to public profile (Spanish, desktop)', () => {
  it('signs up with the captcha, verifies the email, changes and recovers the password, adds an avatar', async () => {
    const { page, problems, context } = await openPage(browser(), 'desktop');

    // Sign up: submit stays disabled until the proof-of-work captcha is solved and the terms accepted.
    await page.goto(`${baseUrl}/signup`, { waitUntil: 'networkidle' });
    const submit = page.getByRole('button', { name: 'Crear cuenta' });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Nombre').fill('Lucía');
    await page.getByLabel('Apellidos').fill('García');
    await page.getByLabel('Contraseña').fill(firstPassword);
    await page.getByLabel(/Acepto los/).check();
    await page.getByTestId('captcha').getByText('Verificado').waitFor({ timeout: 20_000 });
    await screenshot(page, 'signup-es-desktop');
    await submit.click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('account-menu').waitFor();

    // The verification email arrives in the dev mailbox; its link verifies the address.
    const verifyLink = await linkFromMailbox(
      page,
      mailboxLink,
      email,
      'Confirma tu dirección',
      '/verify-email',
    );
    await page.goto(verifyLink);
    await page.getByRole('heading', { name: '¡Gracias, Lucía! Tu email está verificado' }).waitFor();
    await screenshot(page, 'email-verified-es-desktop');

    // Log out, then log in again.
    await page.getByTestId('account-menu').locator('summary').click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('topbar-desktop').getByRole('link', { name: 'Inicia sesión' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña').fill(firstPassword);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByTestId('account-menu').waitFor();

    // Change the password in account settings.
    await page.goto(`${baseUrl}/account/change-password`);
    await page.getByLabel('Contraseña actual').fill(firstPassword);
    await page.getByLabel('Nueva contraseña').fill(secondPassword);
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.getByText('Contraseña cambiada').waitFor();
    await screenshot(page, 'change-password-es-desktop');

    // Forget it: recover through the emailed link, as a visitor.
    await page.getByTestId('account-menu').locator('summary').click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/recover-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Enviar el enlace' }).click();
    await page.getByRole('heading', { name: 'Revisa tu email' }).waitFor();
    const resetLink = await linkFromMailbox(
      page,
      mailboxLink,
      email,
      'Restablece tu contraseña',
      '/reset-password',
    );
    await page.goto(resetLink);
    await page.getByLabel('Nueva contraseña').fill(thirdPassword);
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.getByRole('heading', { name: 'Contraseña cambiada' }).waitFor();
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Contraseña').fill(thirdPassword);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByTestId('account-menu').waitFor();

    // Profile: a new avatar (checked by content on the server), a bio, then the public profile.
    await page.goto(`${baseUrl}/profile-settings`);
    await page.locator('input[type="file"]').setInputFiles(path.join(fixturesDir, 'avatar.png'));
    await page.locator('img.avatar--large').waitFor({ timeout: 15_000 });
    await page.getByLabel('Biografía').fill('Cocinera profesional en Madrid.');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Perfil guardado').waitFor();
    await screenshot(page, 'profile-settings-es-desktop');
    await page.getByRole('link', { name: 'Ver tu perfil' }).click();
    await page.getByRole('heading', { name: 'Lucía G.' }).waitFor();
    expect(await page.getByText('Cocinera profesional en Madrid.').isVisible()).toBe(true);
    expect(await page.locator('img.avatar--large').getAttribute('src')).toMatch(
      /^\/uploads\/avatars\/.+\.webp$/,
    );
    await screenshot(page, 'public-profile-es-desktop');

    expect(unexpectedProblems(problems, [])).toEqual([]);
    await context.close();
  });

  it('shows the login page in English on a phone, with field errors for a wrong password', async () => {
    const { page, context } = await openPage(browser(), 'phone');
    await context.addCookies([{ name: 'hora_locale', value: 'en', url: baseUrl }]);
    await page.goto(`${baseUrl}/login?returnTo=%2Faccount%2Fcontact-details`, { waitUntil: 'networkidle' });
    await page.getByLabel('Email').fill('ana@demo.hora.es');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('The email and password do not match.').waitFor();
    await screenshot(page, 'login-error-en-phone');
    await page.getByLabel('Password').fill('hora-demo-2026');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${baseUrl}/account/contact-details`);
    await page.getByRole('heading', { name: 'Contact details' }).waitFor();
    await screenshot(page, 'contact-details-en-phone');
    await context.close();
  });
});
