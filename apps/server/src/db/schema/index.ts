/*
 * The database schema, one file per module that owns (writes) the tables in it; this file re-exports every table
 * and row type, so code imports them from `db/schema` as one module (and `import * as schema` hands Drizzle and
 * better-auth every table). Tables kept by triggers for the dashboard are in dashboard.ts, the column helpers shared
 * by several files in columns.ts. drizzle.config.ts reads this file.
 */
export * from './users';
export * from './roles';
export * from './custom-fields';
export * from './budgets';
export * from './pets';
export * from './dashboard';
export * from './organization';
export * from './persons';
export * from './adoption-requests';
export * from './intake';
export * from './jobs';
export * from './history';
export * from './care';
export * from './templates';
export * from './messages';
export * from './movements';
export * from './foster-portal';
export * from './documents';
export * from './followups';
export * from './donations';
export * from './register-book';
export * from './inspections';
export * from './reports';
export * from './volunteers';
export * from './importer';
export * from './surrenders';
export * from './lost-found';
