import { petBatchMessages } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { summarizePetBatch } from './pet-batch-summary';

const ok = (id: number, sinCambios = false) => ({ id, nombre: `M${id}`, ok: true as const, sinCambios, version: id + 1 });
const failed = (id: number, code: 'CONFLICT' | 'NOT_FOUND', nombre: string | null = `M${id}`) => ({
  id,
  nombre,
  ok: false as const,
  code,
  message: code === 'CONFLICT' ? petBatchMessages.conflict : petBatchMessages.notFound,
});

describe('summarizePetBatch', () => {
  it('says how many changed and, with one reason, why the others did not', () => {
    const summary = summarizePetBatch({
      accion: 'publicar',
      resultados: [...Array.from({ length: 12 }, (_, i) => ok(i + 1)), failed(50, 'CONFLICT')],
    });
    expect(summary.text).toBe('12 publicadas, 1 no se pudo: cambiada por otra persona');
    expect(summary.failures).toEqual([{ id: 50, nombre: 'M50', message: 'cambiada por otra persona' }]);
    expect(summary.changed).toHaveLength(12);
  });

  it('counts those already in the state apart, and lists each failure by name when the reasons differ', () => {
    const summary = summarizePetBatch({ accion: 'adoptar', resultados: [ok(1), ok(2, true), failed(3, 'CONFLICT'), failed(99, 'NOT_FOUND', null)] });
    expect(summary.text).toBe('1 marcada como adoptada, 1 ya lo estaba, 2 no se pudieron');
    expect(summary.failures.map((f) => f.nombre)).toEqual(['M3', 'Mascota 99']);
    expect(summary.changed).toEqual([{ id: 1, version: 2 }]);
  });

  it('words each action and an empty result', () => {
    expect(summarizePetBatch({ accion: 'eliminar', resultados: [ok(1), ok(2)] }).text).toBe('2 eliminadas');
    expect(summarizePetBatch({ accion: 'programar', resultados: [ok(1)] }).text).toBe('1 programada');
    expect(summarizePetBatch({ accion: 'restaurar', resultados: [ok(1, true), ok(2, true)] }).text).toBe('2 ya lo estaban');
    expect(summarizePetBatch({ accion: 'publicar', resultados: [] }).text).toBe('No había ninguna mascota que cambiar.');
  });
});
