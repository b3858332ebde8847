import * as validation from '@hora/core/validation';
import { describe, expect, it } from 'vitest';
import { isProfileSaveDisabled, type ProfileValues, profileErrors, profileValuesOf } from './profile-form.ts';

const saved: ProfileValues = { firstName: 'Lucía', lastName: 'García', bio: '', instagram: '', tiktok: '' };
const edited: ProfileValues = { ...saved, bio: 'Cocinera en Lavapiés' };
const idle = { uploading: false, saving: false, lastSubmitted: null, validation };

describe('isProfileSaveDisabled', () => {
  const cases: [string, Parameters<typeof isProfileSaveDisabled>[0], boolean][] = [
    ['pristine', { ...idle, values: saved, initial: saved }, true],
    ['changed and valid', { ...idle, values: edited, initial: saved }, false],
    [
      'only spaces added (the API trims them)',
      { ...idle, values: { ...saved, firstName: 'Lucía ' }, initial: saved },
      true,
    ],
    ['first name emptied', { ...idle, values: { ...saved, firstName: '  ' }, initial: saved }, true],
    ['last name emptied', { ...idle, values: { ...saved, lastName: '' }, initial: saved }, true],
    [
      'bio over 5000 characters',
      { ...idle, values: { ...saved, bio: 'a'.repeat(5001) }, initial: saved },
      true,
    ],
    [
      'unchanged since the last submit',
      { ...idle, values: edited, initial: saved, lastSubmitted: edited },
      true,
    ],
    [
      'changed again after a submit',
      { ...idle, values: { ...edited, tiktok: 'lucia' }, initial: saved, lastSubmitted: edited },
      false,
    ],
    ['while the avatar uploads', { ...idle, values: edited, initial: saved, uploading: true }, true],
    ['while saving', { ...idle, values: edited, initial: saved, saving: true }, true],
  ];
  // The state stays out of the title: it holds the validation module, too big to print.
  it.each(cases.map(([name, state, disabled]) => [name, disabled, state] as const))(
    '%s → disabled %s',
    (_, disabled, state) => {
      expect(isProfileSaveDisabled(state)).toBe(disabled);
    },
  );
});

describe('profileErrors', () => {
  it('requires first and last name', () => {
    expect(profileErrors({ ...saved, firstName: '', lastName: ' ' }, validation)).toEqual({
      firstName: 'validation.required',
      lastName: 'validation.required',
    });
  });

  it('limits Instagram and TikTok to 200 characters', () => {
    expect(profileErrors({ ...saved, instagram: 'a'.repeat(201) }, validation)).toEqual({
      instagram: 'validation.tooLong',
    });
  });
});

describe('profileValuesOf', () => {
  it('shows missing optional fields as empty text', () => {
    expect(
      profileValuesOf({ firstName: 'Ana', lastName: 'Ruiz', bio: null, instagram: null, tiktok: 'ana' }),
    ).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      bio: '',
      instagram: '',
      tiktok: 'ana',
    });
  });
});
