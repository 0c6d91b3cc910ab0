export * from './actor';
export * from './route';
export * from './register-transaction';
