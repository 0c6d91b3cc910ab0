import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** 'Cancel' goes back one page (spec section 2.11); opened directly, it goes to `fallback` instead. */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [navigate, location.key, fallback]);
}
