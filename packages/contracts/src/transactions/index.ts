export * from './define';
