import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('maskEmail', () => {
  it.each([
    ['carlos@example.com', 'c****s@e*****.com'],
    ['Carlos.Ruiz@Mail.Example.ES', 'C****z@M*****.ES'],
    ['ab@example.com', 'a****@e*****.com'],
    ['a@x.io', 'a****@x*****.io'],
    ['root@localhost', 'r****t@l*****'],
    ['"odd@local"@example.com', '"****"@e*****.com'],
    ['josé@correo.es', 'j****é@c*****.es'],
    ['😀abc😀@ejemplo.es', '😀****😀@e*****.es'],
    ['@example.com', '****@e*****.com'],
    ['not-an-address', '****'],
  ])('%s → %s', (address, masked) => {
    expect(maskEmail(address)).toBe(masked);
  });

  const address = fc.tuple(
    fc.string({ unit: 'grapheme', minLength: 3, maxLength: 64 }).filter((local) => !local.includes('@')),
    fc.stringMatching(/^[a-z0-9-]{2,30}$/),
    fc.stringMatching(/^[a-z]{2,6}$/),
  );

  it('never shows the middle of the name or of the domain', () => {
    fc.assert(
      fc.property(address, ([local, name, topLevel]) => {
        const masked = maskEmail(`${local}@${name}.${topLevel}`);
        const [maskedLocal, maskedDomain] = [
          masked.slice(0, masked.lastIndexOf('@')),
          masked.slice(masked.lastIndexOf('@') + 1),
        ];
        const chars = Array.from(local);
        expect(maskedLocal).toBe(`${chars[0]}****${chars.at(-1)}`);
        expect(maskedDomain).toBe(`${name[0]}*****.${topLevel}`);
      }),
    );
  });

  it('gives the same mask to addresses that differ only in length', () => {
    fc.assert(
      fc.property(address, fc.integer({ min: 1, max: 40 }), ([local, name, topLevel], extra) => {
        const chars = Array.from(local);
        const longer = `${chars[0]}${'x'.repeat(extra)}${chars.slice(1).join('')}`;
        expect(maskEmail(`${longer}@${name}${'y'.repeat(extra)}.${topLevel}`)).toBe(
          maskEmail(`${local}@${name}.${topLevel}`),
        );
      }),
    );
  });
});
