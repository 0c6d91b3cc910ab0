import { Messages, PortLoadingMessages } from '@tonnage/contracts';
import { describe, expect, it } from 'vitest';
import frApp from '../locales/app/fr';
import itApp from '../locales/app/it';
import fr from '../locales/fr';
import { activateTranslations, i18n, loadAppTexts, loadTranslations, translateMessage } from './i18n';

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
    // A file language chosen on the sign-in page: its core, not its app file.
    await loadTranslations('it');
    expect(i18n.getResource('it', 'translation', 'login.title')).toBeTruthy();
    expect(i18n.getResource('it', 'translation', 'portLoading.title')).toBeUndefined();
  });

  it('adds the sections to the loaded languages, and to a language loaded later, core messages intact', async () => {
    await loadAppTexts();
    expect(i18n.t('portLoading.title')).toBe('Port Loading');
    expect(i18n.t('users.title')).toBe('Users');
    // The file language loaded before sign-in has its app file now.
    expect(i18n.getResource('it', 'translation', 'portLoading.title')).toBe(itApp.translation.portLoading.title);
    await activateTranslations('ar');
    expect(i18n.t('portLoading.title')).toBe('التحميل من الميناء');
    expect(translateMessage(PortLoadingMessages.voyageRequired)).toBe('يرجى اختيار رحلة السفينة!');
    expect(i18n.t('login.title')).not.toBe(i18n.getFixedT('en')('login.title'));
  });

  it('shows a file language switched to after sign-in from its app file, its core messages intact', async () => {
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);
    await activateTranslations('fr');
    expect(i18n.language).toBe('fr');
    // French's own resources, not English's by fallback (the same words while the file is untranslated).
    expect(i18n.getResource('fr', 'translation', 'portLoading.title')).toBe(frApp.translation.portLoading.title);
    expect(i18n.t('portLoading.title')).toBe(frApp.translation.portLoading.title);
    expect(i18n.t('users.title')).toBe(frApp.translation.users.title);
    expect(i18n.t('login.title')).toBe(fr.translation.login.title);
    expect(i18n.t('menu.portLoading')).toBe(fr.translation.menu.portLoading);
    expect(translateMessage(PortLoadingMessages.voyageRequired)).toBe(frApp.messages[PortLoadingMessages.voyageRequired]);
    expect(translateMessage(Messages.usernameRequired)).toBe(fr.messages[Messages.usernameRequired]);
    expect(i18n.getResource('fr', 'messages', PortLoadingMessages.voyageRequired)).toBe(frApp.messages[PortLoadingMessages.voyageRequired]);
  });
});
