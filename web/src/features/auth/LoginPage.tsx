import { lazy, Suspense, useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { App, Button, Checkbox } from 'antd';
// The input and the password input themselves, not antd's `Input` namespace (which brings TextArea, Search and OTP
// into the JavaScript before the sign-in form shows).
import Input, { type InputRef } from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Messages } from '@tonnage/contracts';
import { rawRequest } from '../../app/api';
import { describeApiError, translateMessage } from '../../app/i18n';
import { loadPublicSettings, loginMaxAttemptsOf } from '../../app/public-settings';
import { useSession } from '../../app/session';
import { AuthLayout } from './AuthLayout';
import { LockoutCountdown } from './LockoutCountdown';
import { blockFromHeaders, clearThrottle, readThrottle, saveThrottle, throttleFromHeaders, type StoredThrottle } from './throttle';

/** The lockout and attempts-left alerts show only after a refused sign-in: their code loads then. */
const Alert = lazy(() => import('antd/es/alert'));

interface LoginValues {
  username: string;
  password: string;
  rememberMe: boolean;
}

type LoginField = 'username' | 'password';

/**
 * Spec section 5: the username is required and not blank; the password is required. The sign-in form checks its two
 * fields itself rather than through antd's Form (rc-field-form, async-validator, the form styles), which would more
 * than double the form's share of the JavaScript before the sign-in form shows (issue 15). Like antd's Form, a field
 * is checked when it changes and every field on submit.
 */
export function loginFieldError(field: LoginField, value: string): string | null {
  if (field === 'username') return value.trim().length === 0 ? Messages.usernameRequired : null;
  return value.length === 0 ? Messages.passwordRequired : null;
}

/** A labelled field of the sign-in form, with its message below it (antd's vertical form item, as it looks). */
function LoginFormField({ id, label, error, children }: { id: string; label: string; error: string | null; children: ReactNode }) {
  return (
    <div className={error ? 'login-field login-field-invalid' : 'login-field'}>
      <label htmlFor={id} className="login-field-label">
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} className="login-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** Where a signed-out visitor was heading before being sent to the login page. */
export function redirectTarget(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string' && /^\/(?!\/)/.test(state.from)) {
    return state.from;
  }
  return '/';
}

/** Spec sections 2.6, 4, 5 and 8: the login form with its lockout. */
export default function LoginPage() {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const { completeLogin } = useSession();
  const [throttle, setThrottle] = useState<StoredThrottle | null>(() => readThrottle(Date.now()));
  const [submitting, setSubmitting] = useState(false);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', rememberMe: false });
  const [errors, setErrors] = useState<Record<LoginField, string | null>>({ username: null, password: null });
  const usernameRef = useRef<InputRef>(null);
  const passwordRef = useRef<InputRef>(null);
  const publicSettings = useQuery({ queryKey: ['public-settings'], queryFn: loadPublicSettings, staleTime: Infinity });

  const blockedUntil = throttle?.blockedUntil ?? null;
  const blocked = blockedUntil !== null && blockedUntil > Date.now();

  const onBlockExpired = useCallback(() => {
    clearThrottle();
    setThrottle(null);
  }, []);

  const failed = (description: string) => notification.error({ title: t('login.notificationTitle'), description });

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    const result = await rawRequest('/api/auth/login', {
      method: 'POST',
      body: { username: values.username.trim(), password: values.password, rememberMe: Boolean(values.rememberMe) },
    });
    const now = Date.now();
    if (result.ok) {
      // The response schema (and zod) loads on submit, not with the sign-in form.
      const { ZLoginResponse } = await import('../../app/response-schemas');
      const parsed = ZLoginResponse.safeParse(result.data);
      if (!parsed.success) {
        setSubmitting(false);
        failed(describeApiError({ message: 'Unexpected response', code: 'UNEXPECTED_RESPONSE' }));
        return;
      }
      clearThrottle();
      setThrottle(null);
      notification.destroy();
      const signedIn = await completeLogin(parsed.data);
      setSubmitting(false);
      if (signedIn) void navigate(redirectTarget(location.state), { replace: true });
      return;
    }
    setSubmitting(false);
    const { error, status, headers } = result;
    const info = throttleFromHeaders(headers, now);
    if (status === 429 || (info.remainingAttempts === 0 && info.retryAfter !== null)) {
      const block = blockFromHeaders(headers, now);
      saveThrottle(block);
      setThrottle(block);
      return;
    }
    if (status === 0 || status >= 500) {
      failed(describeApiError(error));
      return;
    }
    if (error.message === Messages.userInactive) {
      failed(t('login.userInactive'));
    } else if (error.message === Messages.agencyInactive) {
      failed(t('login.agencyInactive'));
    } else {
      failed(t('login.wrongCredentials'));
    }
    if (info.remainingAttempts !== null) {
      const next: StoredThrottle = {
        remainingAttempts: info.remainingAttempts,
        resetAfter: info.resetAfter ?? 0,
        retryAfter: info.retryAfter ?? 0,
        savedAt: now,
        blockedUntil: null,
      };
      saveThrottle(next);
      setThrottle(next);
    }
  };

  const change = (field: LoginField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: loginFieldError(field, value) }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocked || submitting) return;
    const found = { username: loginFieldError('username', values.username), password: loginFieldError('password', values.password) };
    setErrors(found);
    if (found.username) usernameRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else void submit(values);
  };

  const shown = (field: LoginField) => (errors[field] ? translateMessage(errors[field]) : null);
  const describedBy = (field: LoginField) => (errors[field] ? `login-${field}-error` : undefined);

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <Suspense fallback={null}>
      {blocked && blockedUntil !== null && (
        <Alert
          type="error"
          showIcon
          className="auth-alert"
          data-testid="lockout"
          title={t('login.blockedAfter', { n: loginMaxAttemptsOf(publicSettings.data) })}
          description={
            <span>
              {t('login.tryAgainIn')} <LockoutCountdown until={blockedUntil} onExpired={onBlockExpired} />
            </span>
          }
        />
      )}
      {!blocked && throttle && throttle.remainingAttempts > 0 && (
        <Alert
          type="warning"
          showIcon
          className="auth-alert"
          title={<span data-testid="attempts-remaining">{t('login.attemptsRemaining', { n: throttle.remainingAttempts })}</span>}
        />
      )}
      </Suspense>
      <form className="login-form" noValidate onSubmit={onSubmit} data-testid="login-form">
        <LoginFormField id="login-username" label={t('login.username')} error={shown('username')}>
          <Input
            id="login-username"
            ref={usernameRef}
            value={values.username}
            onChange={(event) => change('username', event.target.value)}
            status={errors.username ? 'error' : undefined}
            aria-invalid={errors.username ? true : undefined}
            aria-describedby={describedBy('username')}
            disabled={blocked}
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus
            data-testid="login-username"
          />
        </LoginFormField>
        <LoginFormField id="login-password" label={t('login.password')} error={shown('password')}>
          <Password
            id="login-password"
            ref={passwordRef}
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            status={errors.password ? 'error' : undefined}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={describedBy('password')}
            disabled={blocked}
            prefix={<LockOutlined />}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </LoginFormField>
        <div className="auth-row">
          <Checkbox
            checked={values.rememberMe}
            onChange={(event) => setValues((current) => ({ ...current, rememberMe: event.target.checked }))}
            disabled={blocked}
            data-testid="login-remember"
          >
            {t('login.rememberMe')}
          </Checkbox>
          <Link to="/forgotpassword" data-testid="forgot-password-link">
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} disabled={blocked} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </form>
      <p className="auth-footnote">{t('app.version', { version: __APP_VERSION__ })}</p>
    </AuthLayout>
  );
}
