import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { Messages } from '@tonnage/contracts';
import enUS from 'antd/es/locale/en_US';
import { LanguageProvider } from '../../app/language';
import { createQueryClient } from '../../app/providers';
import { loadTestLanguage } from '../../test/i18n';
import { json, mockFetch, urlOf } from '../../components/resources/resource-test-utils';
import LoginPage, { loginFieldError } from './LoginPage';

const completeLogin = vi.fn(() => Promise.resolve(true));

vi.mock('../../app/session', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../app/session')>()),
  useSession: () => ({ status: 'signedOut', token: null, userContext: null, completeLogin }),
}));

function renderLogin() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <LanguageProvider language="en" locale={enUS}>
        <AntApp>
          <MemoryRouter>
            <LoginPage />
          </MemoryRouter>
        </AntApp>
      </LanguageProvider>
    </QueryClientProvider>,
  );
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const loginCalls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.filter(([url]) => urlOf(url).includes('/api/auth/login'));

/*
 * The sign-in form checks its fields itself (not antd's Form, issue 15): spec section 5's messages on submit and when a
 * field changes, nothing sent while a field is wrong, the typed values sent as they were entered (username trimmed).
 */
describe('the sign-in form', () => {
  let fetch: ReturnType<typeof mockFetch>;
  beforeEach(async () => {
    await loadTestLanguage('en');
    fetch = mockFetch((url) => {
      if (url.pathname === '/api/settings/public') return json({ loginMaxAttempts: 5, defaultLanguage: 'en' });
      if (url.pathname === '/api/auth/login')
        return new Response(JSON.stringify({ message: Messages.wrongCredentials, code: 'WRONG_CREDENTIALS' }), {
          status: 401,
          headers: { 'content-type': 'application/json', 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '900' },
        });
      return undefined;
    });
  });
  afterEach(() => {
    fetch.mockRestore();
    completeLogin.mockClear();
  });

  it('knows the rules: a blank username and an empty password are wrong, a spaced password is not', () => {
    expect(loginFieldError('username', '   ')).toBe(Messages.usernameRequired);
    expect(loginFieldError('username', ' a ')).toBeNull();
    expect(loginFieldError('password', '')).toBe(Messages.passwordRequired);
    expect(loginFieldError('password', '  ')).toBeNull();
  });

  it('shows both messages on an empty submit and sends nothing', async () => {
    renderLogin();
    fireEvent.submit(screen.getByTestId('login-form'));
    expect(await screen.findByText('Please input your username!')).toBeTruthy();
    expect(screen.getByText('Please input your password!')).toBeTruthy();
    expect(input('login-username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('login-username'));
    expect(loginCalls(fetch)).toHaveLength(0);
  });

  it('checks a field when it changes: the message goes when the value is right and comes back when it is blanked', async () => {
    renderLogin();
    fireEvent.submit(screen.getByTestId('login-form'));
    await screen.findByText('Please input your username!');
    fireEvent.change(input('login-username'), { target: { value: 'demo.admin' } });
    expect(screen.queryByText('Please input your username!')).toBeNull();
    expect(screen.getByText('Please input your password!')).toBeTruthy();
    fireEvent.change(input('login-username'), { target: { value: '   ' } });
    expect(screen.getByText('Please input your username!')).toBeTruthy();
  });

  it('sends the trimmed username, the password and remember me, then shows the wrong credentials and the attempts left', async () => {
    renderLogin();
    fireEvent.change(input('login-username'), { target: { value: '  demo.admin ' } });
    fireEvent.change(input('login-password'), { target: { value: 'Secret#2026' } });
    fireEvent.click(screen.getByTestId('login-remember'));
    await act(async () => {
      fireEvent.submit(screen.getByTestId('login-form'));
      await Promise.resolve();
    });
    await waitFor(() => expect(loginCalls(fetch)).toHaveLength(1));
    const [, init] = loginCalls(fetch)[0] ?? [];
    expect(JSON.parse(typeof init?.body === 'string' ? init.body : '')).toEqual({ username: 'demo.admin', password: 'Secret#2026', rememberMe: true });
    expect(await screen.findByTestId('attempts-remaining')).toBeTruthy();
    expect(screen.getByTestId('attempts-remaining').textContent).toBe('3 Attempts remaining.');
    expect(completeLogin).not.toHaveBeenCalled();
    // What the person typed stays in the form after a refusal.
    expect(input('login-username').value).toBe('  demo.admin ');
  });

  it('speaks Arabic', async () => {
    await loadTestLanguage('ar');
    renderLogin();
    fireEvent.submit(screen.getByTestId('login-form'));
    expect(await screen.findByText('يرجى إدخال اسم المستخدم!')).toBeTruthy();
    await loadTestLanguage('en');
  });
});
