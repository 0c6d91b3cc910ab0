import { useCallback, useState } from 'react';
import { Alert, App, Button, Checkbox, Form } from 'antd';
// The input and the password input themselves, not antd's `Input` namespace (which brings TextArea, Search and OTP
// into the JavaScript before the sign-in form shows).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Messages } from '@tonnage/contracts';
import { rawRequest } from '../../app/api';
import { requiredRule } from '../../app/form-rules';
import { describeApiError, translateMessage } from '../../app/i18n';
import { loadPublicSettings, loginMaxAttemptsOf } from '../../app/public-settings';
import { useSession } from '../../app/session';
import { AuthLayout } from './AuthLayout';
import { LockoutCountdown } from './LockoutCountdown';
import { blockFromHeaders, clearThrottle, readThrottle, saveThrottle, throttleFromHeaders, type StoredThrottle } from './throttle';

interface LoginValues {
  username: string;
  password: string;
  rememberMe: boolean;
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

  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
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
      <Form<LoginValues>
        layout="vertical"
        requiredMark={false}
        disabled={blocked}
        initialValues={{ rememberMe: false }}
        onFinish={(values) => void submit(values)}
        data-testid="login-form"
      >
        <Form.Item name="username" label={t('login.username')} rules={[requiredRule(Messages.usernameRequired)]}>
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="login-username" />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: translateMessage(Messages.passwordRequired) }]}>
          <Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="login-password" />
        </Form.Item>
        <div className="auth-row">
          <Form.Item name="rememberMe" valuePropName="checked" noStyle>
            <Checkbox data-testid="login-remember">{t('login.rememberMe')}</Checkbox>
          </Form.Item>
          <Link to="/forgotpassword" data-testid="forgot-password-link">
            {t('login.forgot')}
          </Link>
        </div>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
      <p className="auth-footnote">{t('app.version', { version: __APP_VERSION__ })}</p>
    </AuthLayout>
  );
}
