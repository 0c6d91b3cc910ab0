import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

/** 'Cancel' goes back one page (spec section 2.11); opened directly, it goes to `fallback` instead. */
export function useGoBack(fallback = '/'): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key === 'default') void navigate(fallback, { replace: true });
    else void navigate(-1);
  }, [navigate, location.key, fallback]);
}

/** Addresses inside the current agency: `agencyPath('users/add')` → `/agencies/{agencyId}/users/add`. */
export function useAgencyPath(): (subPath: string) => string {
  const { agencyId } = useParams();
  return useCallback((subPath: string) => `/agencies/${agencyId ?? ''}/${subPath}`, [agencyId]);
}
