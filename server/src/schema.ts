/** Every table, for drizzle-kit (drizzle.config.ts): the top of the layers, it may import every one. Each layer owns its schema files. */
export * from './identity/agencies.schema';
export * from './identity/users.schema';
export * from './identity/auth.schema';
export * from './identity/files.schema';
export * from './platform/audit/audit.schema';
export * from './platform/realtime/realtime.schema';
export * from './modules/settings/settings.schema';
export * from './modules/approvals/approvals.schema';
export * from './modules/email-settings/email-settings.schema';
export * from './modules/master-data/master-data.schema';
export * from './ledger/ledger.schema';
export * from './modules/procurement/procurement.schema';
export * from './modules/shipping/shipping.schema';
export * from './modules/vessel-approval/vessel-approval.schema';
export * from './modules/port-loading/port-loading.schema';
export * from './identity/counters/counters.schema';
export * from './modules/cameras/cameras.schema';
