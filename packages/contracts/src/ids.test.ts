import { describe, expect, it } from 'vitest';
import { ZOptionalId } from './cargo';
import { INVALID_ID, ZRecordIdText } from './ids';

/** Ids in query strings: digits within the table's range, else 'Invalid id' (never a parser's own words). */
describe('query ids', () => {
  it('takes an id, treats an empty value as absent, and refuses anything else with Invalid id', () => {
    expect(ZOptionalId.parse('12')).toBe(12);
    expect(ZOptionalId.parse('')).toBeUndefined();
    for (const bad of ['abc', '-3', '0', '1.5', '2147483648']) {
      const result = ZOptionalId.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message), bad).toEqual([INVALID_ID]);
    }
    expect(ZRecordIdText.safeParse('abc').success).toBe(false);
  });
});
