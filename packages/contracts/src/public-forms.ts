import { z } from 'zod';
import { CUSTOM_FIELD_TYPES, checkFieldValue, isChoiceType } from './field-values';
import { type FormQuestion, PUBLIC_FORM_KEYS, type PublicFormKey, type PublicFormVersion } from './public-form-answers';
import { multiLineText, oneLineText } from './text';

export * from './public-form-answers';

/*
 * The form builder's contract (DESIGN section 21): `GET /api/formularios-publicos`, `GET|PUT
 * /api/formularios-publicos/{clave}`; every save is a new version. The questions the product itself needs (name,
 * contact, consent, the animal) are fixed, outside the builder: their ids are reserved.
 */

export const PUBLIC_FORM_LIMITS = {
  sections: 12,
  questionsPerSection: 30,
  questions: 80,
  idMaxLength: 40,
  titleMaxLength: 120,
  introMaxLength: 2000,
  labelMaxLength: 200,
  helpMaxLength: 500,
  options: 30,
  optionMaxLength: 80,
  alertMaxLength: 200,
} as const;

/** The fixed questions' ids: the product reads them, so the builder never defines them. */
export const RESERVED_QUESTION_IDS: readonly string[] = [
  'mascotaId',
  'nombre',
  'email',
  'telefono',
  'edad',
  'ciudad',
  'direccion',
  'aceptaVisita',
  'aceptaPrivacidad',
  'sitioWeb',
  'formularioVersion',
  'respuestas',
];

export const QUESTION_ID_PATTERN = /^[a-zA-Z][a-zA-Z0-9_]*$/;

export const publicFormMessages = {
  unknownForm: `El formulario debe ser ${PUBLIC_FORM_KEYS.join(', ')}.`,
  titleRequired: 'El título del formulario es obligatorio.',
  titleTooLong: `El título no puede superar los ${PUBLIC_FORM_LIMITS.titleMaxLength} caracteres.`,
  introTooLong: `La introducción no puede superar los ${PUBLIC_FORM_LIMITS.introMaxLength} caracteres.`,
  sectionTitleRequired: 'Cada sección necesita un título.',
  sectionsRequired: 'El formulario necesita al menos una sección.',
  sectionsTooMany: `Un formulario no puede tener más de ${PUBLIC_FORM_LIMITS.sections} secciones.`,
  questionsTooMany: `Un formulario no puede tener más de ${PUBLIC_FORM_LIMITS.questions} preguntas.`,
  questionIdInvalid: 'El identificador de una pregunta solo puede tener letras sin acentos, números y «_», y empezar por una letra.',
  questionIdRepeated: (id: string) => `Hay dos preguntas con el identificador «${id}».`,
  questionIdReserved: (id: string) => `«${id}» es una pregunta fija del formulario: elige otro identificador.`,
  labelRequired: 'Cada pregunta necesita su texto.',
  labelTooLong: `El texto de una pregunta no puede superar los ${PUBLIC_FORM_LIMITS.labelMaxLength} caracteres.`,
  helpTooLong: `La ayuda de una pregunta no puede superar los ${PUBLIC_FORM_LIMITS.helpMaxLength} caracteres.`,
  typeInvalid: 'El tipo debe ser texto, texto_largo, numero, fecha, si_no, opcion u opciones.',
  optionsRequired: (label: string) => `La pregunta «${label}» necesita al menos dos opciones.`,
  optionsNotAllowed: (label: string) => `Solo las preguntas de opciones tienen lista de opciones («${label}»).`,
  optionInvalid: `Cada opción debe tener entre 1 y ${PUBLIC_FORM_LIMITS.optionMaxLength} caracteres.`,
  optionsRepeated: (label: string) => `La pregunta «${label}» tiene opciones repetidas.`,
  conditionUnknown: (label: string) => `La condición de «${label}» debe referirse a una pregunta anterior del formulario.`,
  conditionValue: (label: string) => `La condición de «${label}» no es una respuesta posible de la pregunta a la que se refiere.`,
  alertValue: (label: string) => `La alerta de «${label}» no es una respuesta posible de esa pregunta.`,
  alertTextRequired: `El texto de una alerta debe tener entre 1 y ${PUBLIC_FORM_LIMITS.alertMaxLength} caracteres.`,
  versionRequired: 'Falta la versión del formulario.',
  staleVersion: 'Otra persona ha publicado este formulario mientras lo editabas. Recarga y vuelve a intentarlo.',
  published: (version: number) => `Publicada la versión ${version} del formulario.`,
} as const;

const conditionValue = z.union([oneLineText().max(PUBLIC_FORM_LIMITS.optionMaxLength), z.number(), z.boolean()]);

const questionSchema = z.object({
  id: oneLineText({ error: publicFormMessages.questionIdInvalid })
    .max(PUBLIC_FORM_LIMITS.idMaxLength, publicFormMessages.questionIdInvalid)
    .regex(QUESTION_ID_PATTERN, publicFormMessages.questionIdInvalid),
  etiqueta: oneLineText({ error: publicFormMessages.labelRequired })
    .trim()
    .min(1, publicFormMessages.labelRequired)
    .max(PUBLIC_FORM_LIMITS.labelMaxLength, publicFormMessages.labelTooLong),
  ayuda: multiLineText().trim().max(PUBLIC_FORM_LIMITS.helpMaxLength, publicFormMessages.helpTooLong).optional(),
  tipo: z.enum(CUSTOM_FIELD_TYPES, { error: publicFormMessages.typeInvalid }),
  opciones: z
    .array(
      oneLineText({ error: publicFormMessages.optionInvalid })
        .trim()
        .min(1, publicFormMessages.optionInvalid)
        .max(PUBLIC_FORM_LIMITS.optionMaxLength, publicFormMessages.optionInvalid),
    )
    .max(PUBLIC_FORM_LIMITS.options)
    .optional(),
  obligatoria: z.boolean().default(false),
  condicion: z.object({ pregunta: oneLineText().max(PUBLIC_FORM_LIMITS.idMaxLength), igual: conditionValue }).optional(),
  alerta: z
    .object({
      igual: conditionValue,
      texto: multiLineText({ error: publicFormMessages.alertTextRequired })
        .trim()
        .min(1, publicFormMessages.alertTextRequired)
        .max(PUBLIC_FORM_LIMITS.alertMaxLength, publicFormMessages.alertTextRequired),
    })
    .optional(),
});

const sectionSchema = z.object({
  titulo: oneLineText({ error: publicFormMessages.sectionTitleRequired })
    .trim()
    .min(1, publicFormMessages.sectionTitleRequired)
    .max(PUBLIC_FORM_LIMITS.titleMaxLength, publicFormMessages.titleTooLong),
  preguntas: z.array(questionSchema).max(PUBLIC_FORM_LIMITS.questionsPerSection, publicFormMessages.questionsTooMany),
});

/** Whether `igual` is an answer `question` can have (an option of its list, a boolean for Sí / No…). */
function isPossibleAnswer(question: Pick<FormQuestion, 'tipo' | 'opciones' | 'etiqueta'>, igual: string | number | boolean): boolean {
  if (question.tipo === 'opciones') return typeof igual === 'string' && (question.opciones ?? []).includes(igual);
  return 'value' in checkFieldValue({ tipo: question.tipo, opciones: question.opciones ?? [], etiqueta: question.etiqueta }, igual);
}

/** The rules between questions: unique, unreserved ids; options where they belong; conditions on an earlier question. */
function checkQuestions(form: { secciones: { preguntas: z.infer<typeof questionSchema>[] }[] }, ctx: z.RefinementCtx) {
  const seen = new Map<string, z.infer<typeof questionSchema>>();
  const all = form.secciones.flatMap((s, si) => s.preguntas.map((q, qi) => ({ q, path: ['secciones', si, 'preguntas', qi] })));
  if (all.length > PUBLIC_FORM_LIMITS.questions) ctx.addIssue({ code: 'custom', path: ['secciones'], message: publicFormMessages.questionsTooMany });
  for (const { q, path } of all) {
    if (RESERVED_QUESTION_IDS.includes(q.id))
      ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: publicFormMessages.questionIdReserved(q.id) });
    if (seen.has(q.id)) ctx.addIssue({ code: 'custom', path: [...path, 'id'], message: publicFormMessages.questionIdRepeated(q.id) });
    const options = q.opciones ?? [];
    if (isChoiceType(q.tipo) && options.length < 2)
      ctx.addIssue({ code: 'custom', path: [...path, 'opciones'], message: publicFormMessages.optionsRequired(q.etiqueta) });
    if (!isChoiceType(q.tipo) && options.length > 0)
      ctx.addIssue({ code: 'custom', path: [...path, 'opciones'], message: publicFormMessages.optionsNotAllowed(q.etiqueta) });
    if (new Set(options.map((o) => o.toLocaleLowerCase('es'))).size !== options.length)
      ctx.addIssue({ code: 'custom', path: [...path, 'opciones'], message: publicFormMessages.optionsRepeated(q.etiqueta) });
    if (q.condicion) {
      const earlier = seen.get(q.condicion.pregunta);
      if (!earlier) ctx.addIssue({ code: 'custom', path: [...path, 'condicion'], message: publicFormMessages.conditionUnknown(q.etiqueta) });
      else if (!isPossibleAnswer(earlier, q.condicion.igual))
        ctx.addIssue({ code: 'custom', path: [...path, 'condicion'], message: publicFormMessages.conditionValue(q.etiqueta) });
    }
    if (q.alerta && !isPossibleAnswer(q, q.alerta.igual))
      ctx.addIssue({ code: 'custom', path: [...path, 'alerta'], message: publicFormMessages.alertValue(q.etiqueta) });
    if (!seen.has(q.id)) seen.set(q.id, q);
  }
}

/** `PUT /api/formularios-publicos/{clave}`: the whole form, at the version it was read (every save is a new one). */
export const publicFormInputSchema = z
  .object({
    titulo: oneLineText({ error: publicFormMessages.titleRequired })
      .trim()
      .min(1, publicFormMessages.titleRequired)
      .max(PUBLIC_FORM_LIMITS.titleMaxLength, publicFormMessages.titleTooLong),
    introduccion: multiLineText().trim().max(PUBLIC_FORM_LIMITS.introMaxLength, publicFormMessages.introTooLong).default(''),
    secciones: z
      .array(sectionSchema, { error: publicFormMessages.sectionsRequired })
      .min(1, publicFormMessages.sectionsRequired)
      .max(PUBLIC_FORM_LIMITS.sections, publicFormMessages.sectionsTooMany),
    version: z.number({ error: publicFormMessages.versionRequired }).int().min(0, publicFormMessages.versionRequired),
  })
  .superRefine(checkQuestions);
export type PublicFormInput = z.infer<typeof publicFormInputSchema>;

export const publicFormKeyParamsSchema = z.object({ clave: z.enum(PUBLIC_FORM_KEYS, { error: publicFormMessages.unknownForm }) });

const yesNo = (id: string, etiqueta: string, extra: Partial<FormQuestion> = {}): FormQuestion => ({
  id,
  etiqueta,
  tipo: 'si_no',
  obligatoria: true,
  ...extra,
});

/**
 * Version 1 of each form: what the public pages asked before the builder, so an organisation that never opens it sees
 * no change. The adoption form's own questions (its home and experience: the fixed ones are name, contact, age,
 * address and the two consents) are those of `adoptionApplicationInputSchema`, with its ids, labels and limits; the
 * other forms asked only their fixed questions, so their first version has none of the organisation's.
 */
export function firstPublicFormVersion(clave: PublicFormKey): PublicFormVersion {
  if (clave !== 'adopcion') return { clave, titulo: '', introduccion: '', secciones: [], version: 1 };
  return {
    clave,
    titulo: 'Solicitar la adopción',
    introduccion: '',
    version: 1,
    secciones: [
      {
        titulo: 'Tu hogar',
        preguntas: [
          { id: 'vivienda', etiqueta: 'Tipo de vivienda', tipo: 'opcion', opciones: ['Casa', 'Departamento', 'Otro'], obligatoria: true },
          yesNo('viviendaPropia', '¿La vivienda es propia?'),
          yesNo('permiteMascotas', '¿El propietario permite mascotas?', { condicion: { pregunta: 'viviendaPropia', igual: false } }),
          yesNo('patio', '¿Tienes patio?'),
          { id: 'personasEnCasa', etiqueta: 'Personas que viven en casa (tú incluido)', tipo: 'numero', obligatoria: true },
          { id: 'ninosEnCasa', etiqueta: 'Niños que viven en casa', tipo: 'numero', obligatoria: true },
          { id: 'horasSolo', etiqueta: 'Horas al día que estaría sola la mascota', tipo: 'numero', obligatoria: true },
        ],
      },
      {
        titulo: 'Tu experiencia',
        preguntas: [
          { id: 'otrasMascotas', etiqueta: 'Otras mascotas en casa (opcional)', tipo: 'texto_largo', obligatoria: false },
          { id: 'experiencia', etiqueta: 'Experiencia previa con mascotas (opcional)', tipo: 'texto_largo', obligatoria: false },
          { id: 'motivo', etiqueta: '¿Por qué quieres adoptar?', tipo: 'texto_largo', obligatoria: true },
        ],
      },
    ],
  };
}
