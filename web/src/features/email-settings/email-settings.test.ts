import { describe, expect, it } from 'vitest';
import { ZEmailSettingsInput } from '@tonnage/contracts';
import { passwordChange } from './email-settings';

describe('e-mail settings password', () => {
  it('keeps the stored password when the field is left empty', () => {
    expect(passwordChange(undefined, false)).toEqual({});
    expect(passwordChange('', false)).toEqual({});
  });

  it('replaces it with a typed one, and removes it when asked', () => {
    expect(passwordChange('n3w-Secret', false)).toEqual({ password: 'n3w-Secret' });
    expect(passwordChange('ignored', true)).toEqual({ password: '' });
  });

  it('matches the contract: omitted keeps, empty removes', () => {
    const base = { host: 'smtp.example.com', port: 587, security: 'starttls' as const, fromName: 'Desk', fromEmail: 'desk@example.com' };
    expect(ZEmailSettingsInput.parse({ ...base, ...passwordChange(undefined, false) }).password).toBeUndefined();
    expect(ZEmailSettingsInput.parse({ ...base, ...passwordChange(undefined, true) }).password).toBe('');
  });
});
