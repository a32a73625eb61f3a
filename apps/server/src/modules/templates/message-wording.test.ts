import { DEFAULT_TEMPLATES, TEMPLATE_KEYS, TEMPLATE_KEYS_WITHOUT_SUBJECT, TEMPLATE_SAMPLE_VALUES, TEMPLATE_VARIABLES } from '@refugio/contracts';
import { describe, expect, it } from 'vitest';
import type { StoredOrganization } from '../organization/organization.port';
import { type TemplateValues, renderTemplate, templateProblem, tidyMessage } from './render';

/*
 * Every message reads well with the data it may lack (issue 33, section 5): rendered with any of its values
 * missing, no text keeps a dangling preposition (" a ."), a doubled comma, a doubled space, empty quotes or
 * brackets, a "Hola, :" or a date the way a machine writes it.
 */

const MESSAGE_KEYS = TEMPLATE_KEYS.filter((key) => !TEMPLATE_KEYS_WITHOUT_SUBJECT.includes(key));
/** What the message is for: a link or a code is always there when one is sent. */
const ALWAYS_GIVEN = new Set(['enlace', 'codigo']);

const emptyOrg = { nombre: '', email: null, telefono: null, web: null, direccion: null } as unknown as StoredOrganization;
const fullOrg = {
  nombre: 'Refugio Patitas',
  email: 'hola@patitas.example',
  telefono: null,
  web: null,
  direccion: null,
} as unknown as StoredOrganization;

const DANGLING = [
  / (?:a|al|de|del|para|por|en|con)(?=\s*(?:[.,;:!?)]|$))/im,
  /,\s*,/,
  / {2}/,
  /«\s*»|"\s*"|“\s*”|\(\s*\)/,
  /, *[.:;!?]/,
  / [.,;:!?]/,
  /\d{4}-\d{2}-\d{2}/,
];

function expectReadsWell(text: string, context: string) {
  for (const pattern of DANGLING) expect(text, `${context}: ${pattern}`).not.toMatch(pattern);
}

function valuesWithout(key: (typeof MESSAGE_KEYS)[number], missing: readonly string[]): TemplateValues {
  const values: Record<string, string> = {};
  for (const name of TEMPLATE_VARIABLES[key]) {
    if (name.startsWith('organizacion.') || missing.includes(name)) continue;
    values[name] = TEMPLATE_SAMPLE_VALUES[name];
  }
  return values;
}

describe('every message template with the data it may lack', () => {
  for (const key of MESSAGE_KEYS) {
    const optional = TEMPLATE_VARIABLES[key].filter((name) => !ALWAYS_GIVEN.has(name) && !name.startsWith('organizacion.'));

    it(`${key}: each value missing, and all of them, leave no dangling words`, () => {
      const cases: { missing: string[]; org: StoredOrganization }[] = [
        { missing: [], org: fullOrg },
        { missing: [], org: emptyOrg },
        ...optional.map((name) => ({ missing: [name], org: fullOrg })),
        { missing: optional, org: emptyOrg },
      ];
      for (const { missing, org } of cases) {
        const rendered = renderTemplate(DEFAULT_TEMPLATES[key], valuesWithout(key, missing), org);
        const context = `${key} without ${missing.join(', ') || 'nothing'} (${org.nombre ? 'org' : 'no org'})`;
        expectReadsWell(rendered.asunto, context);
        expectReadsWell(rendered.cuerpo, context);
        expect(rendered.asunto.trim(), context).not.toBe('');
      }
    });

    it(`${key}: the default saves as a valid template`, () => {
      expect(templateProblem(key, DEFAULT_TEMPLATES[key].asunto)).toBeNull();
      expect(templateProblem(key, DEFAULT_TEMPLATES[key].cuerpo)).toBeNull();
    });
  }

  it('the foster link before any pet, and with one, as a person reads them', () => {
    const without = renderTemplate(DEFAULT_TEMPLATES.acogida_enlace, { 'persona.nombre': 'María José', enlace: 'https://x.example/p/1' }, fullOrg);
    expect(without.asunto).toBe('Tu enlace para la acogida');
    expect(without.cuerpo).toBe(
      'Hola, María José:\n\nGracias por ser casa de acogida. Desde este enlace puedes contarnos cómo va: https://x.example/p/1\n\nUn abrazo,\nRefugio Patitas',
    );
    const withPet = renderTemplate(
      DEFAULT_TEMPLATES.acogida_enlace,
      { 'persona.nombre': 'Ana', 'mascota.nombre': 'Luna y Coco', enlace: 'https://x.example/p/1', vencimiento: '27 de diciembre de 2026' },
      fullOrg,
    );
    expect(withPet.asunto).toBe('Tu enlace para la acogida de Luna y Coco');
    expect(withPet.cuerpo).toContain('Gracias por ser casa de acogida de Luna y Coco. Desde');
    expect(withPet.cuerpo).toContain('El enlace vence el 27 de diciembre de 2026.');
  });

  it('a template an administrator wrote without sections still reads well when a value is empty', () => {
    const custom = {
      asunto: 'Acogida de {{mascota.nombre}}',
      cuerpo: 'Hola, {{persona.nombre}}:\n\nGracias por acoger a {{mascota.nombre}}. Vence el «{{vencimiento}}».',
    };
    const rendered = renderTemplate(custom, { enlace: 'x' }, emptyOrg);
    expect(rendered.asunto).toBe('Acogida');
    expect(rendered.cuerpo).toBe('Hola:\n\nGracias por acoger. Vence el.');
  });
});

describe('tidyMessage', () => {
  it('leaves a text with every value as it is', () => {
    const text = 'Hola, Ana:\n\nGracias por acoger a Luna (n.º 12), «Pipo» y Coco.\n\nUn abrazo,\nRefugio';
    expect(tidyMessage(text)).toBe(text);
  });

  it('drops what an empty value leaves behind', () => {
    expect(tidyMessage('Gracias por acoger a .')).toBe('Gracias por acoger.');
    expect(tidyMessage('Luna, , Coco  y  Kira ( ) «»')).toBe('Luna, Coco y Kira');
    expect(tidyMessage('¿Qué tal está ?')).toBe('¿Qué tal está?');
  });
});
