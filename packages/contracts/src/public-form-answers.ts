import { type CustomFieldType, type CustomFieldValue, checkFieldValue, fieldValueMessages, isEmptyValue, valueMatches } from './field-values';

/*
 * The organisation's public forms (DESIGN section 21) as the public pages and the server read them, without zod: a
 * version of a form, which of its questions show given the answers so far, and an answer checked against the
 * version it answered (kept with the labels as they read then, and the alerts it raised). `public-forms.ts` has the
 * builder's schemas; the server checks every answer with `checkFormAnswers`, the public page with the same function.
 */

export const PUBLIC_FORM_KEYS = ['adopcion', 'acogida', 'voluntariado', 'cesion', 'visita'] as const;
export type PublicFormKey = (typeof PUBLIC_FORM_KEYS)[number];

export const publicFormLabels: Record<PublicFormKey, string> = {
  adopcion: 'Solicitud de adopción',
  acogida: 'Ofrecer una casa de acogida',
  voluntariado: 'Hacerse voluntario',
  cesion: 'Ceder un animal',
  visita: 'Visita a la casa',
};

export type ConditionValue = string | number | boolean;

export interface FormQuestion {
  /** Stable within the form: answers are keyed by it (letters, digits and `_`, starting with a letter). */
  id: string;
  etiqueta: string;
  ayuda?: string;
  tipo: CustomFieldType;
  opciones?: string[];
  obligatoria: boolean;
  /** Shown (and accepted) only when the earlier question `pregunta` was answered `igual`. */
  condicion?: { pregunta: string; igual: ConditionValue };
  /** An answer `igual` raises `texto` at the top of the staff's review. */
  alerta?: { igual: ConditionValue; texto: string };
}

export interface FormSection {
  titulo: string;
  preguntas: FormQuestion[];
}

/** One version of a form as the public page reads it (`GET /api/public/formularios/{clave}`). */
export interface PublicFormVersion {
  clave: PublicFormKey;
  titulo: string;
  introduccion: string;
  secciones: FormSection[];
  version: number;
}

/** One answer as kept: the question, its label as it read then, the value. */
export interface FormAnswer {
  pregunta: string;
  etiqueta: string;
  valor: CustomFieldValue;
}

export const formAnswerMessages = {
  answersInvalid: 'Las respuestas del formulario deben enviarse como un objeto { pregunta: respuesta }.',
  unknownQuestion: (id: string) => `«${id}» no es una pregunta de este formulario.`,
  hiddenQuestion: (label: string) => `La pregunta «${label}» no corresponde con las respuestas anteriores: no se puede responder.`,
  staleVersion: 'El formulario ha cambiado mientras lo rellenabas. Recarga la página: lo escrito se conserva.',
  ...fieldValueMessages,
  required: (label: string) => `La pregunta «${label}» es obligatoria.`,
} as const;

/** Every question in the form's order. */
export const formQuestions = (form: Pick<PublicFormVersion, 'secciones'>): FormQuestion[] => form.secciones.flatMap((s) => s.preguntas);

/**
 * The ids of the questions that show, given `answers`: a question with a condition shows when the question it names
 * shows and its answer matches (a condition on a hidden question hides this one too). The builder only lets a
 * condition name an earlier question, so one pass in order decides them all.
 */
export function visibleQuestionIds(form: Pick<PublicFormVersion, 'secciones'>, answers: Readonly<Record<string, unknown>>): Set<string> {
  const shown = new Set<string>();
  const values = new Map<string, CustomFieldValue>();
  for (const question of formQuestions(form)) {
    const condition = question.condicion;
    // Only shown questions' answers are recorded, so a condition on a hidden question never matches.
    if (condition && !valueMatches(values.get(condition.pregunta), condition.igual)) continue;
    shown.add(question.id);
    const raw = answers[question.id];
    if (!isEmptyValue(raw)) {
      const checked = checkFieldValue({ tipo: question.tipo, opciones: question.opciones ?? [], etiqueta: question.etiqueta }, raw);
      if ('value' in checked) values.set(question.id, checked.value);
    }
  }
  return shown;
}

export interface FormAnswerIssue {
  pregunta: string;
  message: string;
}

/**
 * Checks the answers sent for one version of a form: every value of its type, every visible required question
 * answered, no answer to a question that does not exist or does not show. Gives the answers to keep, in the form's
 * order with their labels, and the alerts they raise; or the issues, each naming its question.
 */
export function checkFormAnswers(
  form: Pick<PublicFormVersion, 'secciones'>,
  sent: Readonly<Record<string, unknown>>,
): { ok: true; respuestas: FormAnswer[]; alertas: string[] } | { ok: false; issues: FormAnswerIssue[] } {
  const questions = formQuestions(form);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const visible = visibleQuestionIds(form, sent);
  const issues: FormAnswerIssue[] = [];
  for (const id of Object.keys(sent)) {
    const question = byId.get(id);
    if (!question) issues.push({ pregunta: id, message: formAnswerMessages.unknownQuestion(id) });
    else if (!visible.has(id) && !isEmptyValue(sent[id]))
      issues.push({ pregunta: id, message: formAnswerMessages.hiddenQuestion(question.etiqueta) });
  }
  const respuestas: FormAnswer[] = [];
  const alertas: string[] = [];
  for (const question of questions) {
    if (!visible.has(question.id)) continue;
    const raw = sent[question.id];
    if (isEmptyValue(raw)) {
      if (question.obligatoria) issues.push({ pregunta: question.id, message: formAnswerMessages.required(question.etiqueta) });
      continue;
    }
    const checked = checkFieldValue({ tipo: question.tipo, opciones: question.opciones ?? [], etiqueta: question.etiqueta }, raw);
    if ('message' in checked) {
      issues.push({ pregunta: question.id, message: checked.message });
      continue;
    }
    respuestas.push({ pregunta: question.id, etiqueta: question.etiqueta, valor: checked.value });
    if (question.alerta && valueMatches(checked.value, question.alerta.igual)) alertas.push(question.alerta.texto);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, respuestas, alertas };
}
