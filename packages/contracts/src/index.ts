export * from './ai';
export * from './errors';
export * from './health';
export * from './layout';
export * from './messages';
export * from './pets';
export * from './users';
export * from './text';
