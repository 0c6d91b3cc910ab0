/** Every table, for Drizzle's relational queries and drizzle-kit. Each module owns its own schema file. */
export * from '../../modules/agencies/agencies.schema';
export * from '../../modules/users/users.schema';
export * from '../../modules/auth/auth.schema';
export * from '../storage/files.schema';
export * from '../audit/audit.schema';
export * from '../realtime/realtime.schema';
export * from '../../modules/settings/settings.schema';
export * from '../../modules/approvals/approvals.schema';
export * from '../../modules/email-settings/email-settings.schema';
export * from '../../modules/master-data/master-data.schema';
export * from '../../ledger/ledger.schema';
export * from '../../modules/procurement/procurement.schema';
export * from '../../modules/shipping/shipping.schema';
export * from '../../modules/vessel-approval/vessel-approval.schema';
export * from '../../modules/port-loading/port-loading.schema';
export * from '../counters/counters.schema';
