export * from './define';
export * from './schemas';
export * from './entities';
export * from './import';
export * from './entities-sites';
export * from './entities-rules';
