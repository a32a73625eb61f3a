// @vitest-environment happy-dom
import { colaboraInputSchema, colaboraMessages } from '@refugio/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type ColaboraFormValues, clearDraft, emptyColabora, fieldOfServerError, loadDraft, saveDraft, toColaboraInput } from './colabora-form';

const filled: ColaboraFormValues = {
  ...emptyColabora,
  tipo: 'socio',
  importe: '10',
  periodicidad: 'mensual',
  nombre: 'Lucía',
  apellidos: 'García',
  nif: '12345678Z',
  email: 'lucia@example.com',
  codigoPostal: '28001',
  iban: 'ES9121000418450200051332',
  consentimientoMandato: true,
  privacidad: true,
};

describe('the /colabora form', () => {
  afterEach(() => clearDraft());

  it('makes the request the server accepts, per kind', () => {
    const member = toColaboraInput(filled);
    expect(member.errors).toEqual({});
    expect(colaboraInputSchema.safeParse(member.input).success).toBe(true);
    const gift = toColaboraInput({ ...filled, tipo: 'donativo', importe: 'otro', otroImporte: '12,50', mascotaId: '3' });
    expect(gift.input).not.toHaveProperty('periodicidad');
    expect(gift.input).not.toHaveProperty('mascotaId');
    expect(colaboraInputSchema.parse(gift.input).importe).toBe(1250);
    const sponsor = toColaboraInput({ ...filled, tipo: 'padrino', mascotaId: '3' });
    expect(sponsor.input.mascotaId).toBe(3);
  });

  it('tells what is missing before sending', () => {
    const { errors } = toColaboraInput({ ...emptyColabora, tipo: 'padrino' });
    expect(errors.mascotaId).toBe(colaboraMessages.petRequired);
    expect(errors.consentimientoMandato).toBe(colaboraMessages.mandateRequired);
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['importe', 'nombre', 'apellidos', 'nif', 'email', 'codigoPostal', 'iban', 'privacidad']),
    );
    expect(fieldOfServerError('importe', { ...filled, importe: 'otro' })).toBe('otroImporte');
    expect(fieldOfServerError('desconocido', filled)).toBeUndefined();
  });

  it('keeps a draft in the tab, never the IBAN', () => {
    saveDraft({ ...filled, sitioWeb: 'robot' });
    expect(sessionStorage.getItem('colabora.borrador')).not.toContain('ES91');
    const draft = loadDraft();
    expect(draft).toMatchObject({ tipo: 'socio', nombre: 'Lucía', nif: '12345678Z', iban: '', sitioWeb: '' });
    clearDraft();
    expect(loadDraft()).toEqual(emptyColabora);
  });
});
