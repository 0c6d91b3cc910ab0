import { describe, expect, it } from 'vitest';
import { INVALID_ID } from './ids';
import { ZLoginBody } from './auth';
import { resourceByKey, resourceSchemas } from './resources';
import { TEXT_NOT_ALLOWED, hasCharactersNotAllowed, textInput } from './text';

describe('the text contract', () => {
  it('refuses NUL and unpaired surrogates, and takes paired ones, Arabic and accents', () => {
    for (const bad of ['a\u0000b', '\u0000', 'BL-\uD800', '\uD800x', 'x\uDC00', '\uDC00\uD800', 'ok\uD83D']) expect(hasCharactersNotAllowed(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['BL-001', 'عقد الشحن', 'Société', '📦 cargo', '\uD83D\uDCE6', '']) expect(hasCharactersNotAllowed(good), good).toBe(false);
    expect(textInput().trim().max(10).safeParse('a\u0000').error?.issues[0]?.message).toBe(TEXT_NOT_ALLOWED);
    expect(textInput().trim().max(10).parse('  📦 ok ')).toBe('📦 ok');
  });

  it('is the rule of the forms: sign-in and every text field of the resource registry', () => {
    expect(ZLoginBody.safeParse({ username: 'demo\u0000', password: 'x' }).error?.issues[0]?.message).toBe(TEXT_NOT_ALLOWED);
    const berth = resourceSchemas(resourceByKey('berth'));
    const issues = berth.input.safeParse({ name: 'Berth \uD800', portId: 1 }).error?.issues ?? [];
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['name', TEXT_NOT_ALLOWED]]);
    expect(berth.listQuery.safeParse({ search: 'abc\u0000' }).error?.issues[0]?.message).toBe(TEXT_NOT_ALLOWED);
  });

  it('holds every reference of the registry to the id contract, in bodies and filters', () => {
    const berth = resourceSchemas(resourceByKey('berth'));
    for (const portId of [2147483648, 99999999999, 1.5, 0]) {
      expect(berth.input.safeParse({ name: 'Berth 1', portId }).success, String(portId)).toBe(false);
    }
    expect(berth.input.safeParse({ name: 'Berth 1', portId: 2147483647 }).success).toBe(true);
    for (const portId of ['2147483648', '1e3', '1.5']) expect(berth.listQuery.safeParse({ portId }).error?.issues[0]?.message).toBe(INVALID_ID);
  });
});
