import * as contracts from '@refugio/contracts';
import { hasNoLineBreak, isSafeText } from '@refugio/contracts';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type TestApp, createTestApp } from '../helpers/helpers';

/**
 * Issue 33 (sections 1 and 4): every string field of every request schema (body, query string, path parameters,
 * headers) of every route the server registers is a one-line or multi-line text of the contracts, so it refuses
 * NUL, control characters, lone surrogates, bidi overrides and invisible characters, and (one-line) line breaks
 * and tabs. The routes come from the app itself (its onRoute hook), so a new route or a plain `z.string()` field
 * cannot be forgotten: it fails here, naming the route and the field. The contracts' multipart form schemas
 * (`…FieldsSchema`, checked in the handlers) and every other request schema they export are walked as well.
 */

/** Fields that may hold several lines (text areas): every other string field is one-line. */
const MULTI_LINE_FIELDS = new Set([
  'ayuda',
  'cuerpo',
  'comentario',
  'descripcion',
  'disponibilidad',
  'experiencia',
  'historia',
  'introduccion',
  // The organisation's own fields (DESIGN section 21): a texto_largo value may hold lines; a texto refuses them by its definition.
  'campos',
  'motivo',
  'motivoBloqueo',
  'nota',
  'notas',
  'otrasMascotas',
  'personalidad',
  'texto',
]);

const HOSTILE = ['Ana\u0000', 'Ana\ud800', 'x\udc00y', 'Firmante \u202Eonu', 'Ana\u2066x\u2069', 'Ana\u200Bx', 'Ana\u0007', 'Ana\u0085', 'Ana\uFEFF'];
const LINE_BREAKS = ['Ana\nLópez', 'Ana\r\nLópez', 'Ana\tLópez'];

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | undefined => (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
const checkFns = (def: Def) => ((def.checks as { _zod: { def: { fn?: unknown } } }[] | undefined) ?? []).map((c) => c._zod.def.fn);

/** True when what `schema` answers is made by a transform, not the value it was given. */
function endsInTransform(schema: unknown): boolean {
  const def = defOf(schema);
  if (!def) return false;
  if (def.type === 'transform') return true;
  if (def.type === 'pipe') return endsInTransform(def.out);
  if ('innerType' in def) return endsInTransform(def.innerType);
  return false;
}

type StringField = { where: string; field: string; leaf: z.ZodType; oneLine: boolean; safe: boolean };

/** Every place a string can enter through `schema`, and what is not a zod schema a text could slip through. */
function walk(schema: unknown, where: string, field: string, found: StringField[], problems: string[], seen = new Set<unknown>()): void {
  const def = defOf(schema);
  if (!def) {
    problems.push(`${where}: no es un esquema zod`);
    return;
  }
  if (seen.has(schema)) return;
  seen.add(schema);
  const next = (child: unknown, suffix = '', name = field) => walk(child, `${where}${suffix}`, name, found, problems, seen);
  switch (def.type) {
    case 'string': {
      const fns = checkFns(def);
      found.push({ where, field, leaf: schema as z.ZodType, safe: fns.includes(isSafeText), oneLine: fns.includes(hasNoLineBreak) });
      return;
    }
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) next(child, `.${key}`, key);
      if (def.catchall && defOf(def.catchall)?.type !== 'never') next(def.catchall, '.*');
      return;
    case 'array':
      return next(def.element, '[]');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return next(def.innerType);
    case 'pipe':
      // What reaches `out` has passed `in`, unless `in` ends in a transform (a preprocess, a JSON text parsed):
      // then `out` sees new strings and is walked too.
      next(def.in);
      if (endsInTransform(def.in)) next(def.out);
      return;
    case 'transform':
      return;
    case 'union':
      for (const option of def.options as unknown[]) next(option);
      return;
    case 'intersection':
      next(def.left);
      return next(def.right);
    case 'record':
      next(def.keyType, '{clave}');
      return next(def.valueType, '{}');
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => next(item, `[${i}]`));
      if (def.rest) next(def.rest, '[]');
      return;
    case 'lazy':
      return next((def.getter as () => unknown)());
    case 'enum':
    case 'literal':
    case 'number':
    case 'boolean':
    case 'null':
    case 'undefined':
    case 'never':
    case 'bigint':
    case 'date':
      return;
    default:
      problems.push(`${where}: tipo zod «${def.type}» que el test no sabe recorrer (¿admite texto sin comprobar?)`);
  }
}

let ctx: TestApp;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  ctx = await createTestApp({}, { onRoute: (route) => void routes.push(route) });
  await ctx.app.ready();
});
afterAll(() => ctx?.close());

describe('every string field of every request schema is a one-line or multi-line text', () => {
  const fields: StringField[] = [];
  const problems: string[] = [];

  beforeAll(() => {
    for (const route of routes) {
      if (route.url.startsWith('/api/docs')) continue; // the OpenAPI browser's own pages take nothing
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      if (methods.length === 0) continue;
      for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
        const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
        if (schema === undefined) continue;
        walk(schema, `${methods.join(',')} ${route.url} ${part}`, '', fields, problems);
      }
    }
    // Multipart forms are checked in their handlers (`parseFields`), with the contracts' `…FieldsSchema`: those, and
    // every request schema the contracts name, are walked too.
    for (const [name, schema] of Object.entries(contracts)) {
      if (/(Input|Fields|Query|Params)Schema$/.test(name) && defOf(schema)) walk(schema, `contracts.${name}`, '', fields, problems);
    }
  });

  it('finds the routes and their fields (the walk is not vacuous)', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(fields.length).toBeGreaterThan(150);
    expect(fields.some((f) => f.where === 'POST /api/personas/:id/mensajes body.asunto')).toBe(true);
    expect(fields.some((f) => f.where.startsWith('POST /api/public/solicitudes-adopcion body.nombre'))).toBe(true);
    expect(fields.some((f) => f.where === 'contracts.portalNewsFieldsSchema.texto')).toBe(true);
  });

  it('walks only zod schemas it understands', () => {
    expect(problems).toEqual([]);
  });

  it('builds every string field on oneLineText() or multiLineText(), one-line unless the field is a text area', () => {
    const wrong = fields
      .filter((f) => !f.safe || f.oneLine === MULTI_LINE_FIELDS.has(f.field))
      .map(
        (f) =>
          `${f.where}: ${!f.safe ? 'z.string() sin oneLineText()/multiLineText()' : f.oneLine ? 'una línea (¿es un área de texto?)' : 'varias líneas'}`,
      );
    expect(wrong).toEqual([]);
  });

  it('refuses NUL, control characters, lone surrogates, bidi overrides and invisible characters in every field', () => {
    const accepted = fields.flatMap((f) => HOSTILE.filter((v) => f.leaf.safeParse(v).success).map((v) => `${f.where} admite ${JSON.stringify(v)}`));
    expect(accepted).toEqual([]);
  });

  it('refuses line breaks and tabs in every one-line field', () => {
    const oneLine = fields.filter((f) => !MULTI_LINE_FIELDS.has(f.field));
    const accepted = oneLine.flatMap((f) =>
      LINE_BREAKS.filter((v) => f.leaf.safeParse(v).success).map((v) => `${f.where} admite ${JSON.stringify(v)}`),
    );
    expect(accepted).toEqual([]);
  });
});
