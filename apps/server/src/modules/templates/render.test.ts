import { describe, expect, it } from 'vitest';
import { fillMarkdown, trimEmphasis } from './render';

/* A document's Markdown filled so that empty values never break its formatting (issue 33, section 1). */

describe('fillMarkdown', () => {
  const line =
    '**{{persona.nombre}} {{persona.apellidos}}**, domicilio en {{persona.direccion}}, {{persona.ciudad}}, documento {{persona.documento}}.';

  it('fills every part as written when all are given', () => {
    const values = {
      'persona.nombre': 'Ana',
      'persona.apellidos': 'Gil',
      'persona.direccion': 'Calle Sol 1',
      'persona.ciudad': 'Soria',
      'persona.documento': '1Z',
    };
    expect(fillMarkdown(line, values)).toBe('**Ana Gil**, domicilio en Calle Sol 1, Soria, documento 1Z.');
  });

  it('drops an empty part with its separator, shows — for a group or a lone value with nothing', () => {
    expect(fillMarkdown(line, { 'persona.nombre': 'María José Gómez Pérez', 'persona.ciudad': 'Madrid' })).toBe(
      '**María José Gómez Pérez**, domicilio en Madrid, documento —.',
    );
    expect(fillMarkdown(line, { 'persona.nombre': 'Ana', 'persona.direccion': '  Calle Sol 1 ' })).toBe(
      '**Ana**, domicilio en Calle Sol 1, documento —.',
    );
    expect(fillMarkdown(line, { 'persona.apellidos': 'Gil' })).toBe('**Gil**, domicilio en —, documento —.');
    expect(fillMarkdown(line, {})).toBe('**—**, domicilio en —, documento —.');
  });

  it('keeps sections and joins only variables separated by a separator alone', () => {
    const template =
      '{{#mascota.sinEsterilizar}}Esterilizar a {{mascota.nombre}} {{mascota.raza}}.{{/mascota.sinEsterilizar}} Fin {{fecha}} y {{mascota.raza}}.';
    expect(fillMarkdown(template, { 'mascota.sinEsterilizar': 'sí', 'mascota.nombre': 'Luna', fecha: 'hoy' })).toBe(
      'Esterilizar a Luna. Fin hoy y —.',
    );
    expect(fillMarkdown(template, { 'mascota.nombre': 'Luna', 'mascota.raza': 'Podenco', fecha: 'hoy' })).toBe(' Fin hoy y Podenco.');
  });

  it('never lets a value add a tag', () => {
    expect(fillMarkdown('{{persona.nombre}} {{persona.apellidos}}', { 'persona.nombre': '{{fecha}}', fecha: 'x' })).toBe('{{fecha}}');
  });
});

describe('trimEmphasis', () => {
  it('trims spaces inside emphasis marks and leaves escaped marks alone', () => {
    expect(trimEmphasis('**Ana **, __ Gil__ y **Luz**')).toBe('**Ana**, __Gil__ y **Luz**');
    expect(trimEmphasis('****')).toBe('**—**');
    expect(trimEmphasis('\\*\\* a \\*\\*')).toBe('\\*\\* a \\*\\*');
  });
});
