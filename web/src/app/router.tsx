import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { ErrorBoundary } from './ErrorBoundary';
import { currentLanguage, loadAppTexts } from './i18n';
import { prepareDates } from './language';
import { useSession } from './session';

const LoginPage = lazy(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
/**
 * Everything behind the login is a separate chunk, with the feature texts and dayjs, so the login page loads little
 * code.
 */
const SignedInApp = lazy(() => Promise.all([import('./SignedInApp'), loadAppTexts(), prepareDates(currentLanguage())]).then(([module]) => module));

function ToLogin() {
  const location = useLocation();
  return <Navigate to="/" replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/** Spec section 2.2: the signed-out routes; any other address goes to the login page. */
function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/forgotpassword" element={<ForgotPasswordPage />} />
      <Route path="/resetpassword/:token" element={<ResetPasswordPage />} />
      <Route path="*" element={<ToLogin />} />
    </Routes>
  );
}

export function AppRouter() {
  const { status } = useSession();
  const { pathname } = useLocation();
  if (status === 'loading') return <PageLoader fullScreen />;
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader fullScreen />}>{status === 'signedIn' ? <SignedInApp /> : <SignedOutRoutes />}</Suspense>
    </ErrorBoundary>
  );
}
