import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSecrets, repositoryFiles, scanRepository } from './check-no-secrets.mjs';

const root = path.resolve(import.meta.dirname, '..');
/** A made-up secret for the probes: random, so this file holds none either. */
const FAKE = randomBytes(24).toString('base64url');

describe('the repository', () => {
  it('holds no secret in its source, configuration examples, scripts or docs', () => {
    const files = repositoryFiles(root);
    // The scan really covers the places a secret could hide.
    for (const file of [
      'apps/server/src/config.ts',
      'apps/server/test/app.ts',
      'apps/web/app/root.tsx',
      'packages/core/package.json',
      'e2e/support/server.ts',
      '.env.example',
      'README.md',
      '.ci/run',
      'package.json',
    ]) {
      expect(files).toContain(file);
    }
    expect(files.filter((file) => file.includes('node_modules/'))).toEqual([]);
    expect(scanRepository(root)).toEqual([]);
  });
});

describe('findSecrets', () => {
  it('finds the signing secret the server used to fall back to', () => {
    const config = [
      '/** Development and tests only: production refuses to start without AUTH_SECRET. */',
      "const DEVELOPMENT_AUTH_SECRET = 'hora-development-secret-not-for-production-use';",
    ].join('\n');
    expect(findSecrets(config, 'apps/server/src/config.ts')).toEqual([
      "apps/server/src/config.ts:2: DEVELOPMENT_AUTH_SECRET = 'hora-development-secret-not-for-production-use'",
    ]);
    expect(
      findSecrets(
        "secret: env.AUTH_SECRET ?? 'hora-development-secret-not-for-production-use',",
        'apps/server/src/config.ts',
      ),
    ).toHaveLength(1);
  });

  it.each([
    ['apps/server/src/a.ts', `const secret = '${FAKE}';`],
    ['apps/server/src/a.ts', `  auth: { secret: "${FAKE}" },`],
    ['apps/server/src/a.ts', `createAltcha({ hmacKey: \`${FAKE}\` });`],
    ['apps/server/src/a.ts', `const clientSecret = process.env.X || '${FAKE}';`],
    ['apps/server/src/a.ts', `const password = '${FAKE}';`],
    ['apps/server/src/a.ts', `const GITHUB_TOKEN = '${FAKE}';`],
    ['apps/server/test/app.ts', `AUTH_SECRET: '${FAKE}',`],
    ['apps/web/app/a.tsx', `const apiKey = '${FAKE}';`],
    ['apps/server/config.json', `{ "privateKey": "${FAKE}" }`],
    ['.env.example', `AUTH_SECRET=${FAKE}`],
    ['package.json', `"start": "AUTH_SECRET=${FAKE} node main.js"`],
    ['README.md', `    RECAPTCHA_SECRET_KEY=${FAKE} npm start`],
  ])('finds a secret in %s: %s', (file, line) => {
    const findings = findSecrets(`// context\n${line}\n`, file);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toContain(`${file}:2: `);
    expect(findings[0]).toContain(FAKE);
  });

  it.each([
    ['apps/server/src/a.ts', 'secret: config.auth.secret,'],
    ['apps/server/src/a.ts', 'const secret = newSecret();'],
    ['apps/server/src/a.ts', "secret: 'short',"],
    ['apps/server/src/a.ts', "const secret = readFileSync(path.join(dataDir, 'auth-secret-file'), 'utf8');"],
    ['apps/web/app/a.tsx', "password: 'validation.password.common',"],
    ['apps/web/app/a.json', '"passwordHint": "At least 8 characters. Avoid common passwords.",'],
    ['apps/server/src/a.ts', "cookie: 'hora.session_token',"],
    ['apps/server/test/accounts.ts', "const password = overrides.password ?? 'tortilla-de-patatas-42';"],
    ['e2e/journeys/accounts.test.ts', "const firstPassword = 'tortilla-de-patatas-42';"],
    ['apps/server/src/seed/demo-users.ts', "export const DEMO_PASSWORD = 'hora-demo-2026';"],
    ['.env.example', 'AUTH_SECRET='],
    ['.env.example', '# RECAPTCHA_SECRET_KEY='],
    ['README.md', 'AUTH_SECRET=$(openssl rand -base64 32) npm start'],
    ['README.md', 'AUTH_SECRET=<at least 32 random characters>'],
  ])('leaves alone, in %s: %s', (file, line) => {
    expect(findSecrets(line, file)).toEqual([]);
  });

  it('allows a password in a test only, and the old constant only where tests prove it is dead', () => {
    expect(
      findSecrets("const password = 'tortilla-de-patatas-42';", 'apps/server/src/seed/a.ts'),
    ).toHaveLength(1);
    const old = "const OLD = { secret: 'hora-development-secret-not-for-production-use' };";
    expect(findSecrets(old, 'apps/server/test/signing-secret.test.ts')).toEqual([]);
    expect(findSecrets(old, 'apps/server/test/app.ts')).toHaveLength(1);
  });
});
