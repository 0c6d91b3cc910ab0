import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { loadTestLanguage } from '../../test/i18n';
import { between, fromTo, reverseQuestion, slipAndTruck, withQuantity } from './reverse-question';

const FSI = '\u2068';
const PDI = '\u2069';

describe('the questions a reversal asks', () => {
  afterEach(() => loadTestLanguage('en'));

  it('reads in English with every name, plate and quantity isolated', async () => {
    await loadTestLanguage('en');
    const t = i18n.t.bind(i18n);
    expect(reverseQuestion(t, withQuantity(fromTo(t, 'Mill Co', 'Gulf SM'), '15'))).toBe(`Reverse ${FSI}Mill Co${PDI} → ${FSI}Gulf SM${PDI} (${FSI}15.000 MT${PDI})?`);
    expect(reverseQuestion(t, slipAndTruck(11, 'MED 5502'))).toBe(`Reverse ${FSI}#11${PDI} (${FSI}MED 5502${PDI})?`);
    expect(between(t, 'A', 'B')).toBe(`${FSI}A${PDI} ⇄ ${FSI}B${PDI}`);
  });

  it('reads right to left in Arabic: its own question mark, the arrow pointing the way the sentence reads', async () => {
    await loadTestLanguage('ar');
    const t = i18n.t.bind(i18n);
    const question = reverseQuestion(t, withQuantity(fromTo(t, 'Mill Co', 'Gulf SM'), 15));
    expect(question).toBe(`عكس ${FSI}Mill Co${PDI} ← ${FSI}Gulf SM${PDI} (${FSI}15.000 MT${PDI})؟`);
    expect(question).not.toContain('→');
    expect(reverseQuestion(t, slipAndTruck(7, 'ABC 123'))).toBe(`عكس ${FSI}#7${PDI} (${FSI}ABC 123${PDI})؟`);
  });

  it('asks in the four other languages with their own punctuation', async () => {
    const asked: Record<string, string> = {};
    for (const language of ['es', 'fr', 'it', 'zh'] as const) {
      await loadTestLanguage(language);
      asked[language] = reverseQuestion(i18n.t.bind(i18n), 'X');
    }
    expect(asked).toEqual({ es: '¿Anular X?', fr: 'Contre-passer X ?', it: 'Stornare X?', zh: '冲销 X？' });
  });
});
