// The postgres.js client types every query module takes (the client itself is opened in api/db).
import type postgres from 'postgres';

export type Sql = postgres.Sql;
/** Anything queries run on: the pool or a transaction (`sql.begin(tx => …)`). */
export type Queryable = postgres.ISql;
