export * from './safe-return-path.ts';
