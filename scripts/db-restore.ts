// `npm run db:restore -- <dump.sql>`: loads a dump made by `npm run db:backup` into the empty database named by
// TURSO_DATABASE_URL (scripts/db-backup.ts; docs/operations.md).
await import('./db-backup.ts');
export {};
