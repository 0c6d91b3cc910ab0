import { PortLoadingMessages } from '@tonnage/contracts';
import { describe, expect, it } from 'vitest';
import { activateTranslations, i18n, loadAppTexts, translateMessage } from './i18n';

/*
 * The feature sections' texts are not part of the JavaScript before the sign-in form (issue 15): i18next has the
 * core texts at start, and the sections once the signed-in app asks for them, in the languages loaded so far and in
 * every language loaded after. One file, one i18next instance: the steps depend on the order.
 */
describe('the feature texts load after sign-in', () => {
  it('has the core texts but no feature section before loadAppTexts', async () => {
    await activateTranslations('en');
    expect(i18n.t('login.title')).not.toBe('login.title');
    expect(i18n.exists('portLoading.title')).toBe(false);
    expect(i18n.exists('users.title')).toBe(false);
  });

  it('adds the sections to the loaded languages, and to a language loaded later, core messages intact', async () => {
    await loadAppTexts();
    expect(i18n.t('portLoading.title')).toBe('Port Loading');
    expect(i18n.t('users.title')).toBe('Users');
    await activateTranslations('ar');
    expect(i18n.t('portLoading.title')).toBe('التحميل من الميناء');
    expect(translateMessage(PortLoadingMessages.voyageRequired)).toBe('يرجى اختيار رحلة السفينة!');
    expect(i18n.t('login.title')).not.toBe(i18n.getFixedT('en')('login.title'));
  });
});
