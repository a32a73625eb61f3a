import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../helpers/helpers';

/*
 * Issue 33.4: the served OpenAPI document must be valid as a whole (a code generator refuses all of it for one bad
 * reference), checked by a maintained validator against the OpenAPI specification.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is valid OpenAPI, every reference pointing at a schema it defines', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>>; components?: { schemas?: Record<string, unknown> } }>();
    // Every local reference resolves (the history operations once pointed at a schema0 that did not exist).
    const defined = new Set(Object.keys(doc.components?.schemas ?? {}));
    const refs = [...res.body.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));
    expect(refs.filter((name) => !defined.has(name))).toEqual([]);
    for (const path of ['/api/auditoria', '/api/mascotas/{id}/historial', '/api/personas/{id}/historial']) expect(doc.paths[path]?.get).toBeDefined();
    // The bank statement import: the dry run (multipart) and its confirmation.
    for (const path of ['/api/donativos/importar', '/api/donativos/importar/{id}/confirmar']) expect(doc.paths[path]?.post).toBeDefined();
    // The import wizard (DESIGN section 18).
    expect(doc.paths['/api/importaciones']?.post).toBeDefined();
    expect(doc.paths['/api/importaciones/{id}/mapeo']?.put).toBeDefined();
    for (const action of ['confirmar', 'deshacer']) expect(doc.paths[`/api/importaciones/{id}/${action}`]?.post).toBeDefined();
    expect(doc.paths['/api/importaciones/{id}']?.get).toBeDefined();
    // The SEPA direct-debit batches (DESIGN section 15).
    expect(doc.paths['/api/remesas']?.post).toBeDefined();
    for (const path of ['/api/remesas', '/api/remesas/previsualizacion', '/api/remesas/{id}', '/api/remesas/{id}/xml'])
      expect(doc.paths[path]?.get).toBeDefined();
    // A fresh copy: the validator dereferences in place.
    const result = await validate(structuredClone(doc) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });
});
