export const SQLITE_SCHEMA_PATH: string;
export const POSTGRES_SCHEMA_PATH: string;
export function postgresSchema(sqliteSchema: string): string;
export function writePostgresSchema(): boolean;
