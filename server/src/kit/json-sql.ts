import { sql, type SQL } from 'drizzle-orm';

/*
 * JSON written by the database, for an answer sent as it is (`JsonText`, route.ts): each helper writes one value as
 * the JavaScript the rest of the app runs would write it, so a list built in SQL is byte for byte the list built in
 * Node.js. json-sql.test.ts holds them to `JSON.stringify`, `kgToTonnes` and `toISOString` on both engines.
 */

/** A text expression as a JSON string (`to_json` escapes quotes, backslashes and control characters as `JSON.stringify` does); null stays SQL null. */
export const jsonString = (value: SQL) => sql`to_json(${value})::text`;

/** An expression of kilograms (bigint) as the JSON string `kgToTonnes` gives (`"-12.345"`). */
export const jsonTonnes = (kg: SQL) =>
  sql`('"' || case when ${kg} < 0 then '-' else '' end || (abs(${kg}) / 1000)::text || '.' || lpad((abs(${kg}) % 1000)::text, 3, '0') || '"')`;

/** A timestamptz as `Date.prototype.toISOString` writes it: UTC, to the millisecond, truncated as a JavaScript Date holds it. */
export const isoMillis = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
