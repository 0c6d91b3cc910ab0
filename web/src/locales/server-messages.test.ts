import { describe, expect, it } from 'vitest';
import { ErrorCode, SERVER_MESSAGE_SETS } from '@tonnage/contracts';
import { loadTestLanguage } from '../test/i18n';
import { describeApiError } from '../app/i18n';
import { fullAr as ar } from './full';

/*
 * The runtime backstop of the typed Arabic maps: every message the server declares (contracts'
 * SERVER_MESSAGE_SETS) has an Arabic translation that is not empty and not the English text itself.
 */

const declared = Object.entries(SERVER_MESSAGE_SETS).flatMap(([set, messages]) =>
  Object.entries(messages).flatMap(([key, text]) => (typeof text === 'string' ? [{ where: `${set}.${key}`, text }] : [])),
);

describe('server messages in Arabic', () => {
  it('declares the messages the pen test found in English (loading slip, approvals) among them', () => {
    const texts = declared.map((m) => m.text);
    expect(texts).toContain('Loading slip not found');
    expect(texts).toContain('This user does not have the approve permission of this transaction type.');
    expect(declared.length).toBeGreaterThan(150);
  });

  it('translates every declared server message, non-empty and different from the English', () => {
    const untranslated = declared.filter(({ text }) => {
      const arabic = ar.messages[text];
      return arabic === undefined || arabic.trim() === '' || arabic === text;
    });
    expect(untranslated.map((m) => m.where)).toEqual([]);
  });

  it('shows a declared message in Arabic, and an unknown message as it came (English) instead of failing', async () => {
    await loadTestLanguage('ar');
    expect(describeApiError({ message: 'Loading slip not found', code: ErrorCode.NOT_FOUND })).toBe('إيصال التحميل غير موجود');
    expect(describeApiError({ message: 'Some message the server composed at run time (row 7).', code: ErrorCode.VALIDATION })).toBe(
      'Some message the server composed at run time (row 7).',
    );
  });
});
