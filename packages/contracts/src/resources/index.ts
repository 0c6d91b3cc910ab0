export * from './define';
export * from './schemas';
export * from './entities';
export * from './import';
