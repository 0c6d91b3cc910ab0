import { Headers, TEXT_NOT_ALLOWED } from '@tonnage/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findLedgerDifferences } from '../ledger/ledger.check';
import { findDemoAgency } from '../seed/first-run';
import { bearer, loginAs } from '../test/fixtures';
import { createDemoTestApp, ROUTE_SWEEP_BUDGET_MS, type TestApp } from '../test/harness';
import { queryRows } from './db/client';

/*
 * Bad input of every kind against EVERY registered /api route (app.routeAccess, with each route's own schemas from
 * app.routeInputs), as the super admin (in the demo agency) and as the demo agency admin, on the demo season: ids
 * that are not ids in every path parameter, bodies of the wrong shape, bodies built from the route's own body schema
 * with each text set to a NUL-bearing or lone-surrogate string and each number out of range, and query strings
 * likewise. No answer is a 500; every refusal is a 4xx with a message; nothing in the database changes.
 */

let t: TestApp;
const principals: { name: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  t = await createDemoTestApp();
  const agency = { [Headers.agencyId]: String((await findDemoAgency(t.database.db)) ?? 0) };
  principals.push(
    { name: 'super admin', headers: { ...bearer(await loginAs(t.app, t.config.adminUsername, 'Admin#Pass1')), ...agency } },
    { name: 'agency admin', headers: { ...bearer(await loginAs(t.app, 'demo.admin', 'Demo#Pass1')), ...agency } },
  );
});
afterAll(async () => {
  await t.close();
});

/** The row count of every table of the public schema, the ledger's balances and the consignments' statuses. */
async function census(): Promise<Record<string, string>> {
  const tables = await queryRows<{ name: string }>(
    t.database.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts = tables.map(({ name }) => `(select count(*) from "${name}")::text as "${name}"`);
  const [row] = await queryRows<Record<string, string>>(
    t.database.db,
    sql.raw(`select ${counts.join(', ')}, (select coalesce(sum(balance_kg), 0)::text from ledger_accounts) as ledger_balances, (select coalesce(string_agg(status, ',' order by id), '') from consignments) as consignment_statuses`),
  );
  return row ?? {};
}

const BAD_IDS = ['abc', '0', '-1', '1.5', '1e3', '2147483648', '99999999999'];
const NUL_TEXT = 'Bad\u0000text';
const LONE_SURROGATE = 'BL-\uD800-1';
const BAD_NUMBERS = [2147483648, 1e21];
const WRONG_SHAPES: unknown[] = [[], 'text', null, 42, { '\u0000': 'key' }];

type Schema = z.core.$ZodType;

/** The schema a value is checked against once optional, nullable, default, preprocess and transform wrappers are off. */
function core(schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; depth < 20; depth += 1) {
    const def = current._zod.def;
    if ('innerType' in def && def.innerType instanceof z.ZodType) current = def.innerType;
    else if (def.type === 'pipe' && 'in' in def && 'out' in def && def.in instanceof z.ZodType && def.out instanceof z.ZodType) {
      current = def.out._zod.def.type === 'transform' ? def.in : def.out;
    } else if (def.type === 'union' && 'options' in def && Array.isArray(def.options)) {
      const options = def.options.filter((option): option is z.ZodType => option instanceof z.ZodType && option._zod.def.type !== 'literal');
      const first = options[0];
      if (!first) return current;
      current = first;
    } else return current;
  }
  return current;
}

/** A plausible value of a schema, so that a body fails on the one field a variant spoils, not on missing ones. */
function plausible(schema: Schema): unknown {
  const inner = core(schema);
  if (inner instanceof z.ZodObject) return Object.fromEntries(Object.entries(inner.shape as Record<string, Schema>).map(([key, field]) => [key, plausible(field)]));
  if (inner instanceof z.ZodString) return inner.format === 'date' ? '2026-11-21' : inner.format === 'email' ? 'bad.input@example.test' : 'Sample 1';
  if (inner instanceof z.ZodNumber) return 1;
  if (inner instanceof z.ZodBoolean) return false;
  if (inner instanceof z.ZodEnum) return inner.options[0];
  if (inner instanceof z.ZodLiteral) return inner.values.values().next().value;
  if (inner instanceof z.ZodArray) return [];
  return undefined;
}

/** Spoilt values of a schema: texts with NUL or a lone surrogate, numbers out of range, in objects field by field. */
function spoilt(schema: Schema): unknown[] {
  const inner = core(schema);
  if (inner instanceof z.ZodObject) {
    const base = plausible(inner);
    return Object.entries(inner.shape as Record<string, Schema>).flatMap(([key, field]) => spoilt(field).map((value) => ({ ...(base as object), [key]: value })));
  }
  if (inner instanceof z.ZodString || inner instanceof z.ZodEnum) return [NUL_TEXT, LONE_SURROGATE];
  if (inner instanceof z.ZodNumber) return BAD_NUMBERS;
  if (inner instanceof z.ZodArray) return spoilt(inner.element).map((value) => [value]);
  return [];
}

/** Query strings of a list schema: each key with a NUL, numbers far out of range; and the common keys anyway. */
function spoiltQueries(schema: Schema | undefined): string[] {
  const common = ['search=abc%00def', 'page=99999999999', 'limit=99999999999', 'page=-1'];
  const inner = schema ? core(schema) : undefined;
  if (!(inner instanceof z.ZodObject)) return common;
  return [...common, ...Object.keys(inner.shape).flatMap((key) => [`${key}=%00`, `${key}=2147483648`])];
}

const asSchema = (value: unknown): Schema | undefined => (value instanceof z.ZodType ? value : undefined);

/** The url of a route with every parameter a real-looking id (or the one given the bad value). */
function concrete(url: string, bad?: { param: string; value: string }): string {
  return url.replace(/:([A-Za-z]+)|\*$/g, (whole, name: string | undefined) => {
    const param = name ?? '*';
    if (bad?.param === param) return encodeURIComponent(bad.value);
    if (param === 'kind') return 'handlingLoss';
    if (param === 'token') return 'not-a-real-token';
    if (param === '*') return 'documents/2026/11/none.pdf';
    return whole.startsWith(':') ? '1' : whole;
  });
}

interface Answer {
  request: string;
  status: number;
  message: unknown;
  /** The request held a NUL or a lone surrogate. */
  spoiltText: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function send(headers: Record<string, string>, method: Method, url: string, body?: unknown): Promise<Answer> {
  const response = await t.app.inject({
    method,
    url,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const json = response.headers['content-type']?.toString().includes('json') ? response.json<{ message?: unknown }>() : {};
  const text = `${url} ${body === undefined ? '' : JSON.stringify(body)}`;
  return {
    request: `${method} ${text.slice(0, 160)}`,
    status: response.statusCode,
    message: json.message,
    spoiltText: /%00|\\u0000|\\ud[89a-f]/i.test(text),
  };
}

/** Sends the requests a few at a time (the PostgreSQL engine answers them in parallel), answers in order. */
async function sendAll(requests: (() => Promise<Answer>)[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let start = 0; start < requests.length; start += 8) {
    answers.push(...(await Promise.all(requests.slice(start, start + 8).map((request) => request()))));
  }
  return answers;
}

/** Spoilt text is refused as such, by the input guard, before the route's own rules (403 for a route not allowed). */
const textNotRefused = (answers: Answer[]) => answers.filter((a) => a.spoiltText && a.status !== 403 && a.message !== TEXT_NOT_ALLOWED);

/** Answers that are not a 4xx with a message (GETs may also answer 2xx: they change nothing). */
function unclear(answers: Answer[]): Answer[] {
  return answers.filter((a) => {
    if (a.status >= 200 && a.status < 300 && a.request.startsWith('GET ')) return false;
    return a.status < 400 || a.status >= 500 || typeof a.message !== 'string' || a.message === '';
  });
}

/** The routes under test: every registered /api route but sign-out (it would end the sweep's own sessions). */
function routes(): { method: Method; url: string; inputs: { params?: Schema; querystring?: Schema; body?: Schema } }[] {
  return t.app.routeAccess
    .filter((route) => !(route.url === '/api/auth/logout'))
    .map((route) => {
      const inputs = t.app.routeInputs.get(`${route.method} ${route.url}`) ?? {};
      return { method: route.method as Method, url: route.url, inputs: { params: asSchema(inputs.params), querystring: asSchema(inputs.querystring), body: asSchema(inputs.body) } };
    });
}

describe('bad input to every route', () => {
  it('covers every registered route, with its schemas, on the demo season', async () => {
    const season = await census();
    expect(Number(season.consignments)).toBeGreaterThan(0);
    expect(Number(season.loading_slips)).toBeGreaterThan(0);
    const all = routes();
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((route) => route.inputs.body !== undefined).length).toBeGreaterThan(30);
  });

  it('gets a 4xx with a message for path parameters that are not ids, and changes nothing', async () => {
    const before = await census();
    const requests: (() => Promise<Answer>)[] = [];
    for (const principal of principals) {
      for (const route of routes()) {
        const params = [...route.url.matchAll(/:([A-Za-z]+)|\*$/g)].map((match) => match[1] ?? '*');
        for (const param of params) {
          for (const value of [...BAD_IDS, NUL_TEXT]) {
            const body = route.inputs.body ? {} : undefined;
            requests.push(() => send(principal.headers, route.method, concrete(route.url, { param, value }), body));
          }
        }
      }
    }
    const answers = await sendAll(requests);
    expect(answers.length).toBeGreaterThan(500);
    expect(unclear(answers)).toEqual([]);
    expect(answers.filter((a) => a.spoiltText).length).toBeGreaterThan(50);
    expect(textNotRefused(answers)).toEqual([]);
    expect(await census()).toEqual(before);
  }, ROUTE_SWEEP_BUDGET_MS);

  it('gets a 4xx with a message for bodies of the wrong shape and for spoilt texts, ids and numbers, and changes nothing', async () => {
    const before = await census();
    const requests: (() => Promise<Answer>)[] = [];
    for (const principal of principals) {
      for (const route of routes()) {
        const { body: schema } = route.inputs;
        if (!schema) continue;
        for (const body of [...WRONG_SHAPES, ...spoilt(schema)]) requests.push(() => send(principal.headers, route.method, concrete(route.url), body));
      }
    }
    const answers = await sendAll(requests);
    expect(answers.length).toBeGreaterThan(1000);
    expect(unclear(answers)).toEqual([]);
    // Text the database cannot store is refused as such, whichever field (or key) holds it.
    expect(answers.filter((a) => a.spoiltText).length).toBeGreaterThan(500);
    expect(textNotRefused(answers)).toEqual([]);
    expect(await census()).toEqual(before);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  }, ROUTE_SWEEP_BUDGET_MS);

  it('never answers a 500 to spoilt query strings, refuses what it cannot use with a message, and refuses bad paging', async () => {
    const before = await census();
    const requests: (() => Promise<Answer>)[] = [];
    const gets = routes().filter((route) => route.method === 'GET');
    for (const principal of principals) {
      for (const route of gets) {
        // Every key of every list as the agency admin; the keys every list shares as the super admin too.
        const queries = principal === principals[1] ? spoiltQueries(route.inputs.querystring) : spoiltQueries(undefined);
        for (const query of queries) requests.push(() => send(principal.headers, 'GET', `${concrete(route.url)}?${query}`));
      }
    }
    const answers = await sendAll(requests);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(unclear(answers.filter((a) => a.status >= 400))).toEqual([]);
    expect(textNotRefused(answers)).toEqual([]);
    // A list that pages refuses pages and sizes it cannot use (the kept assertion of the cargo sweep).
    const paged = gets.filter((route) => {
      const query = route.inputs.querystring ? core(route.inputs.querystring) : undefined;
      return query instanceof z.ZodObject && 'page' in query.shape && 'limit' in query.shape;
    });
    expect(paged.length).toBeGreaterThan(10);
    // As the super admin, who may call every list.
    for (const principal of principals.slice(0, 1)) {
      for (const route of paged) {
        for (const query of ['page=-1', 'limit=0', 'page=abc', 'limit=99999999999', 'page=%00']) {
          const answer = await send(principal.headers, 'GET', `${concrete(route.url)}?${query}`);
          if (answer.status !== 400 || typeof answer.message !== 'string') answers.push({ ...answer, status: -answer.status });
        }
      }
    }
    expect(answers.filter((a) => a.status < 0)).toEqual([]);
    expect(await census()).toEqual(before);
    // Some 3,000 requests, each through the session lookup: far beyond one test's default budget on a busy machine.
  }, ROUTE_SWEEP_BUDGET_MS);
});
