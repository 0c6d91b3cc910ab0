/** Passwords the e2e server is started with (fresh database per run; never used outside tests). */
export const E2E_ADMIN_PASSWORD = 'Admin#E2e2026';
export const E2E_DEMO_PASSWORD = 'Demo#E2e2026';
