export * from './actor';
export * from './route';
export * from './register-transaction';
export * from './register-report';
export * from './export';
