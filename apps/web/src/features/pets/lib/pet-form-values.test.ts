import { instantToWallTime, petFieldsSchema, petMessages, type Pet } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import { decodePet } from '../api/pet-view';
import { buildPetFormData, newPetFormValues, petFormSchema, petToFormValues, type PetFormValues } from './pet-form-values';

/** As the server answers it; the screens get it decoded. */
const wire: Pet = {
  id: 5,
  nombre: 'Luna',
  edad: '2 años',
  tipo: 'Gato',
  genero: 'hembra',
  tamano: 'chico',
  fechaingreso: '2024-03-05 10:30:00',
  personalidad: 'Tranquila',
  historia: 'Rescatada en la calle',
  adoptado: '0',
  discapacidad: '1',
  tags: '["dócil","tranquila"]',
  imagenprincipal: 'luna.jpg',
  imagenprincipalUrl: '/phpApi/storage/app/public/productos/5/luna.jpg',
  thumbnailUrl: null,
  estado: 'publicada',
  publicarEn: null,
  version: 3,
  createdAt: '2024-03-05T10:30:00.000Z',
  updatedAt: '2024-03-05T10:30:00.000Z',
  createdBy: null,
  updatedBy: null,
  deletedAt: null,
  raza: 'Común europeo',
  color: 'Atigrado',
  fechaNacimiento: '2022-05-01',
  fechaNacimientoAprox: '1',
  microchip: '941000012345678',
  esterilizado: 'si',
  fechaEsterilizacion: '2023-01-10',
  procedencia: 'rescate',
  procedenciaDetalle: 'Cuneta de la A-4',
  pesoKg: 4.2,
  ubicacion: { tipo: 'refugio', desde: null },
  campos: {},
};
const pet = decodePet(wire);

describe('petToFormValues', () => {
  it('copies the fields and keeps the version as text', () => {
    expect(petToFormValues(pet, 'Europe/Madrid')).toEqual({
      nombre: 'Luna',
      edad: '2 años',
      tipo: 'Gato',
      genero: 'hembra',
      tamano: 'chico',
      discapacidad: '1',
      adoptado: '0',
      fechaingreso: '2024-03-05 10:30:00',
      personalidad: 'Tranquila',
      historia: 'Rescatada en la calle',
      tags: '["dócil","tranquila"]',
      estado: 'publicada',
      publicarEn: '',
      version: '3',
      raza: 'Común europeo',
      color: 'Atigrado',
      fechaNacimiento: '2022-05-01',
      fechaNacimientoAprox: '1',
      microchip: '941000012345678',
      esterilizado: 'si',
      fechaEsterilizacion: '2023-01-10',
      procedencia: 'rescate',
      procedenciaDetalle: 'Cuneta de la A-4',
      campos: {},
    });
  });

  it('falls back to the first option for values the selects do not offer, and repairs tags', () => {
    const values = petToFormValues(decodePet({ ...wire, tipo: 'Hamster', genero: '', tamano: 'enorme', tags: 'roto' }), 'Europe/Madrid');
    expect(values).toMatchObject({ tipo: 'Perro', genero: 'macho', tamano: 'mediano', tags: '[]' });
  });
});

describe('the publication state', () => {
  const valid = { ...newPetFormValues('2025-01-02'), nombre: 'Toby', edad: '1' };

  it("shows the effective state: a programmed pet keeps its date, as the organisation's wall time", () => {
    const values = petToFormValues({ ...pet, estado: 'programada', publicarEn: '2030-01-15T16:30:00.000Z' }, 'America/Mexico_City');
    expect(values).toMatchObject({ estado: 'programada', publicarEn: '2030-01-15 10:30:00' });
    expect(petToFormValues({ ...pet, estado: 'programada', publicarEn: '2030-07-15T08:00:00.000Z' }, 'Europe/Madrid').publicarEn).toBe(
      '2030-07-15 10:00:00',
    );
    expect(petToFormValues({ ...pet, estado: 'publicada', publicarEn: '2020-01-01T00:00:00.000Z' }, 'Europe/Madrid')).toMatchObject({
      estado: 'publicada',
      publicarEn: '',
    });
  });

  it("reads the picked time in the organisation's zone, whatever the device's, and sends the instant as ISO 8601", () => {
    const body = buildPetFormData(
      petFormSchema('America/Mexico_City').parse({ ...valid, estado: 'programada', publicarEn: '2030-01-15 10:30:00' }),
      null,
    );
    expect(body.get('estado')).toBe('programada');
    expect(body.get('publicarEn')).toBe('2030-01-15T16:30:00.000Z');
    const madrid = petFormSchema('Europe/Madrid').parse({ ...valid, estado: 'programada', publicarEn: '2030-01-15 10:30:00' });
    expect(madrid.publicarEn).toBe('2030-01-15T09:30:00.000Z');
  });

  it('a programmed pet needs a date that is not in the past', () => {
    const schema = petFormSchema('Europe/Madrid');
    const missing = schema.safeParse({ ...valid, estado: 'programada', publicarEn: '' });
    expect(missing.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['publicarEn', petMessages.scheduleRequired]]);
    const past = schema.safeParse({ ...valid, estado: 'programada', publicarEn: '2020-01-01 10:00:00' });
    expect(past.error?.issues.map((i) => i.message)).toEqual([petMessages.schedulePast]);
    // A wall time that is already past in the organisation's zone, though not yet on a device far to the west.
    const inMadridJustPassed = schema.safeParse({
      ...valid,
      estado: 'programada',
      publicarEn: instantToWallTime(new Date(Date.now() - 60_000), 'Europe/Madrid'),
    });
    expect(inMadridJustPassed.success).toBe(false);
  });

  it('any other state clears the date', () => {
    const fields = petFormSchema('Europe/Madrid').parse({ ...valid, estado: 'publicada', publicarEn: '2020-01-01 10:00:00' });
    expect(buildPetFormData(fields, null).get('estado')).toBe('publicada');
    expect(buildPetFormData(fields, null).get('publicarEn')).toBe('');
  });
});

/** The form's multipart text fields: its own fields travel apart, as JSON text (`buildPetFormData`). */
const textFields = ({ campos: _campos, ...values }: PetFormValues) => values;

describe('the form values through petFieldsSchema', () => {
  it('a new pet needs name and age', () => {
    const result = petFieldsSchema.safeParse(textFields(newPetFormValues('2025-01-02')));
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(['nombre', 'edad']);
  });

  it('a loaded pet round-trips into the multipart body', () => {
    const fields = petFieldsSchema.parse(textFields(petToFormValues(pet, 'Europe/Madrid')));
    const body = buildPetFormData(fields, null);
    expect(Object.fromEntries(body.entries())).toEqual({
      nombre: 'Luna',
      edad: '2 años',
      tipo: 'Gato',
      genero: 'hembra',
      tamano: 'chico',
      discapacidad: '1',
      fechaingreso: '2024-03-05 10:30:00',
      personalidad: 'Tranquila',
      historia: 'Rescatada en la calle',
      adoptado: '0',
      tags: '["dócil","tranquila"]',
      estado: 'publicada',
      publicarEn: '',
      raza: 'Común europeo',
      color: 'Atigrado',
      fechaNacimiento: '2022-05-01',
      fechaNacimientoAprox: '1',
      microchip: '941000012345678',
      esterilizado: 'si',
      fechaEsterilizacion: '2023-01-10',
      procedencia: 'rescate',
      procedenciaDetalle: 'Cuneta de la A-4',
      version: '3',
    });
  });

  it('sends no sterilisation date for a pet not sterilised, so a stale one is cleared', () => {
    const fields = petFieldsSchema.parse(textFields({ ...petToFormValues(pet, 'Europe/Madrid'), esterilizado: 'no' }));
    expect(buildPetFormData(fields, null).get('fechaEsterilizacion')).toBe('');
    expect(buildPetFormData(fields, null).get('esterilizado')).toBe('no');
  });

  it("sends the date picker's day as 'YYYY-MM-DD 00:00:00', and '' for no date", () => {
    const picked = petFieldsSchema.parse(textFields({ ...newPetFormValues('2025-01-02'), nombre: 'Toby', edad: '1' }));
    expect(buildPetFormData(picked, null).get('fechaingreso')).toBe('2025-01-02 00:00:00');
    expect(buildPetFormData(picked, null).has('version')).toBe(false);
    const none = petFieldsSchema.parse(textFields({ ...newPetFormValues(''), nombre: 'Toby', edad: '1' }));
    expect(buildPetFormData(none, null).get('fechaingreso')).toBe('');
  });

  it('adds the main image only when a real file was chosen', () => {
    const fields = petFieldsSchema.parse(textFields(petToFormValues(pet, 'Europe/Madrid')));
    const image = new File([new Uint8Array(10)], 'nueva.jpg', { type: 'image/jpeg' });
    expect(buildPetFormData(fields, image).get('image')).toBeInstanceOf(File);
    expect(buildPetFormData(fields, new File([], 'vacia.jpg')).has('image')).toBe(false);
  });
});
