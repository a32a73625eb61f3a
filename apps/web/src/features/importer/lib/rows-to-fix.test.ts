import type { ImportDryRun } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { filterRows, reportRows, rowsToFixCsv } from './rows-to-fix';

const run: ImportDryRun = {
  crear: 1,
  actualizar: 0,
  omitir: 1,
  errores: [
    { fila: 4, columna: 'Chip', mensaje: 'El microchip «9,41E+14» está escrito como número' },
    { fila: 3, columna: 'Fecha de nacimiento', mensaje: '=La fecha «30/02/2021» no existe' },
  ],
  duplicados: [{ fila: 3, motivo: 'Ya existe una mascota con este microchip.', existenteId: 7 }],
};

describe('the dry run report rows', () => {
  it('lists errors and duplicates in spreadsheet order, errors first within a row, and filters them', () => {
    const rows = reportRows(run);
    expect(rows.map((r) => [r.fila, r.tipo])).toEqual([
      [3, 'error'],
      [3, 'duplicado'],
      [4, 'error'],
    ]);
    expect(filterRows(rows, 'duplicado')).toEqual([
      { fila: 3, tipo: 'duplicado', columna: '', mensaje: 'Ya existe una mascota con este microchip.', existenteId: 7 },
    ]);
    expect(filterRows(rows, 'error')).toHaveLength(2);
    expect(filterRows(rows, 'todas')).toHaveLength(3);
  });

  it('writes the rows to fix as a CSV a spreadsheet opens with accents, its cells formula-safe', () => {
    const csv = rowsToFixCsv(run);
    expect(csv.startsWith('\uFEFF"Fila","Columna","Problema"\r\n')).toBe(true);
    expect(csv).toContain('"4","Chip","El microchip «9,41E+14» está escrito como número"\r\n');
    expect(csv).toContain(`"3","Fecha de nacimiento","'=La fecha «30/02/2021» no existe"`);
  });
});
