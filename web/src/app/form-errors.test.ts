import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestLanguage } from '../test/i18n';
import { fieldErrorsOf, issuesToFieldErrors } from './form-errors';
import { i18n } from './i18n';

describe('form errors', () => {
  beforeAll(() => loadTestLanguage('en'));

  it('puts the server’s details on the form’s own fields, by the first path segment', () => {
    const errors = fieldErrorsOf(
      { message: 'x', code: 'VALIDATION', details: { email: 'Taken', 'approvers.0.userId': 'Please choose an active user of this agency.', unknown: 'Ignored' } },
      ['email', 'approvers'],
    );
    expect(errors).toEqual([
      { name: 'email', errors: ['Taken'] },
      { name: 'approvers', errors: ['Please choose an active user of this agency.'] },
    ]);
    expect(fieldErrorsOf({ message: 'x', code: 'CONFLICT' }, ['email'])).toEqual([]);
  });

  it('translates the messages it knows', async () => {
    await loadTestLanguage('ar');
    try {
      expect(fieldErrorsOf({ message: 'x', code: 'CONFLICT', details: { username: 'This username is already used by another user.' } }, ['username'])).toEqual([
        { name: 'username', errors: ['اسم المستخدم هذا مستخدم من قبل مستخدم آخر.'] },
      ]);
    } finally {
      await loadTestLanguage('en');
    }
    expect(i18n.language).toBe('en');
  });

  it('groups contract issues by field, falling back for issues without a path', () => {
    expect(issuesToFieldErrors([{ message: 'A', path: ['roleId'] }, { message: 'B', path: [] }, { message: 'C', path: ['roleId'] }], 'firstName')).toEqual([
      { name: 'roleId', errors: ['A', 'C'] },
      { name: 'firstName', errors: ['B'] },
    ]);
  });
});
