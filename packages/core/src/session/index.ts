export * from './session-user.ts';
