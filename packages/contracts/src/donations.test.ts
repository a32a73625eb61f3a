import { describe, expect, it } from 'vitest';
import { amountSchema, centsToEuros, feeInputSchema, giftInputSchema, parseEurosToCents } from './donations';

describe('amounts in euros', () => {
  it('reads the digits into integer cents, never through a float product', () => {
    expect(parseEurosToCents('1.234,56')).toBe(123456);
    expect(parseEurosToCents(' 12,50 € ')).toBe(1250);
    expect(parseEurosToCents(0.07)).toBe(7);
    expect(parseEurosToCents(19.99)).toBe(1999);
    expect(parseEurosToCents(12.345)).toBeNull();
    expect(parseEurosToCents('1.234')).toBeNull();
    expect(amountSchema.safeParse('0,10').data! + amountSchema.safeParse('0,20').data!).toBe(30);
    expect(centsToEuros(30)).toBe(0.3);
    expect(centsToEuros(123456)).toBe(1234.56);
  });

  it('a fee asks for what its kind and method need, naming the field', () => {
    const base = { tipo: 'socio', importe: 10, periodicidad: 'mensual', desde: '2026-01-01', metodoPago: 'transferencia' };
    expect(feeInputSchema.safeParse(base).success).toBe(true);
    const paths = (value: unknown) => feeInputSchema.safeParse(value).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(paths({ ...base, tipo: 'padrino' })).toEqual(['mascotaId']);
    expect(paths({ ...base, metodoPago: 'domiciliacion' })).toEqual(['iban', 'mandato']);
    expect(paths({ ...base, iban: 'ES9121000418450200051332' })).toEqual(['iban']);
    expect(giftInputSchema.safeParse({ importe: '5', fecha: '2026-01-01', metodo: 'bizum', concepto: 'donativo' }).success).toBe(true);
  });
});
