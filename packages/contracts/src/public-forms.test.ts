import { describe, expect, it } from 'vitest';
import {
  PUBLIC_FORM_KEYS,
  type PublicFormVersion,
  checkFormAnswers,
  firstPublicFormVersion,
  formAnswerMessages,
  publicFormInputSchema,
  publicFormMessages,
  visibleQuestionIds,
} from './public-forms';

const form: Pick<PublicFormVersion, 'secciones'> = {
  secciones: [
    {
      titulo: 'Tu hogar',
      preguntas: [
        { id: 'alquiler', etiqueta: '¿Vives de alquiler?', tipo: 'si_no', obligatoria: true },
        {
          id: 'permiten',
          etiqueta: '¿Permiten animales en la vivienda?',
          tipo: 'si_no',
          obligatoria: true,
          condicion: { pregunta: 'alquiler', igual: true },
          alerta: { igual: false, texto: 'No permiten animales en la vivienda' },
        },
        { id: 'contrato', etiqueta: 'Cláusula del contrato', tipo: 'texto', obligatoria: false, condicion: { pregunta: 'permiten', igual: true } },
        {
          id: 'otros',
          etiqueta: 'Otros animales',
          tipo: 'opciones',
          opciones: ['Perro', 'Gato'],
          obligatoria: false,
          alerta: { igual: 'Gato', texto: 'Convive con gatos' },
        },
      ],
    },
  ],
};

describe('answers to a public form', () => {
  it('shows a conditional question only when the earlier answer matches, and hides what hangs on a hidden one', () => {
    expect([...visibleQuestionIds(form, { alquiler: false, permiten: true })]).toEqual(['alquiler', 'otros']);
    expect([...visibleQuestionIds(form, { alquiler: true, permiten: true })]).toEqual(['alquiler', 'permiten', 'contrato', 'otros']);
    expect([...visibleQuestionIds(form, { alquiler: 'true', permiten: 'false' })]).toEqual(['alquiler', 'permiten', 'otros']);
  });

  it('keeps the answers in the form order with their labels, and raises the alerts', () => {
    const result = checkFormAnswers(form, { otros: ['Gato'], permiten: false, alquiler: true });
    expect(result).toEqual({
      ok: true,
      respuestas: [
        { pregunta: 'alquiler', etiqueta: '¿Vives de alquiler?', valor: true },
        { pregunta: 'permiten', etiqueta: '¿Permiten animales en la vivienda?', valor: false },
        { pregunta: 'otros', etiqueta: 'Otros animales', valor: ['Gato'] },
      ],
      alertas: ['No permiten animales en la vivienda', 'Convive con gatos'],
    });
  });

  it('refuses a hidden answer sent anyway, an unknown question, a missing required one and a wrong value, naming each', () => {
    const result = checkFormAnswers(form, { alquiler: false, contrato: 'x', nueva: 'y', otros: ['Loro'] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((i) => i.message)).toEqual([
      formAnswerMessages.hiddenQuestion('Cláusula del contrato'),
      formAnswerMessages.unknownQuestion('nueva'),
      formAnswerMessages.unknownOption('Otros animales', 'Loro'),
    ]);
    const missing = checkFormAnswers(form, { alquiler: true });
    expect(missing).toEqual({
      ok: false,
      issues: [{ pregunta: 'permiten', message: formAnswerMessages.required('¿Permiten animales en la vivienda?') }],
    });
  });
});

describe('the form builder', () => {
  const input = (secciones: unknown) => publicFormInputSchema.safeParse({ titulo: 'Adopción', secciones, version: 1 });
  const messages = (result: ReturnType<typeof input>) => (result.success ? [] : result.error.issues.map((i) => i.message));

  it('takes a form whose conditions and alerts name possible answers of earlier questions', () => {
    expect(input(form.secciones).success).toBe(true);
  });

  it('refuses a condition on a later question, an impossible condition or alert, repeated and reserved ids', () => {
    const [a, b] = form.secciones[0]!.preguntas;
    expect(messages(input([{ titulo: 'S', preguntas: [b, a] }]))).toContain(publicFormMessages.conditionUnknown(b!.etiqueta));
    expect(messages(input([{ titulo: 'S', preguntas: [a, { ...b, condicion: { pregunta: 'alquiler', igual: 'quizá' } }] }]))).toContain(
      publicFormMessages.conditionValue(b!.etiqueta),
    );
    expect(messages(input([{ titulo: 'S', preguntas: [a, { ...b, alerta: { igual: 3, texto: 'x' } }] }]))).toContain(
      publicFormMessages.alertValue(b!.etiqueta),
    );
    expect(messages(input([{ titulo: 'S', preguntas: [a, a] }]))).toContain(publicFormMessages.questionIdRepeated('alquiler'));
    expect(messages(input([{ titulo: 'S', preguntas: [{ ...a, id: 'email' }] }]))).toContain(publicFormMessages.questionIdReserved('email'));
    expect(messages(input([{ titulo: 'S', preguntas: [{ ...a, tipo: 'opcion', opciones: ['Sí'] }] }]))).toContain(
      publicFormMessages.optionsRequired(a!.etiqueta),
    );
  });

  it('starts every form at a version 1 the builder itself accepts; the adoption form asks what it asked before', () => {
    for (const clave of PUBLIC_FORM_KEYS) {
      const first = firstPublicFormVersion(clave);
      if (first.secciones.length > 0) expect(publicFormInputSchema.safeParse(first).success, clave).toBe(true);
    }
    const adoption = firstPublicFormVersion('adopcion');
    const answers = {
      vivienda: 'Casa',
      viviendaPropia: false,
      permiteMascotas: true,
      patio: true,
      personasEnCasa: 3,
      ninosEnCasa: 1,
      horasSolo: 4,
      motivo: 'Quiero un perro',
    };
    expect(checkFormAnswers(adoption, answers).ok).toBe(true);
    expect(checkFormAnswers(adoption, { ...answers, viviendaPropia: true }).ok).toBe(false);
  });
});
