import {
  AUTOMATIC_TEMPLATE_KEYS,
  DEFAULT_TEMPLATES,
  type PreviewTemplateInput,
  type SaveTemplateInput,
  TEMPLATE_KEYS,
  TEMPLATE_KEYS_WITHOUT_SUBJECT,
  TEMPLATE_SAMPLE_VALUES,
  TEMPLATE_TITLES,
  TEMPLATE_VARIABLES,
  TEMPLATE_VARIABLE_LABELS,
  type Template,
  type TemplateKey,
  type TemplatePreview,
  customFieldVariable,
  templateMessages,
  templateReadsOwnFields,
} from '@refugio/contracts';
import { variablesUsed } from './render';
import { AppError } from '../../lib/app-error';
import type { CustomFieldDefinition, CustomFieldsPort } from '../custom-fields/custom-fields.port';
import type { OrganizationSettingsSource } from '../organization/organization.port';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, changedFields, hasChanges, userActor } from '../history/history.port';
import { fillText, markdownHtml, organizationValues, renderTemplate, templateProblem } from './render';
import type { TemplateRow, TemplatesRepository } from './templates.repository';

export interface TemplatesServiceDeps {
  repo: TemplatesRepository;
  history: Pick<HistoryPort, 'record'>;
  organization: Pick<OrganizationSettingsSource, 'stored'>;
  /** The organisation's own fields: a template may read those of its pet or person (`{{mascota.campos.<clave>}}`). */
  ownFields: Pick<CustomFieldsPort, 'definitions'>;
}

/** The own fields of the pets and of the persons (active ones: an archived field is not offered to new texts). */
interface OwnFields {
  mascota: CustomFieldDefinition[];
  persona: CustomFieldDefinition[];
}

/** The own-field variables `clave`'s texts may read, each described in Spanish. */
function ownFieldVariables(clave: TemplateKey, own: OwnFields): Template['variables'] {
  return (['mascota', 'persona'] as const).flatMap((entidad) =>
    templateReadsOwnFields(clave, entidad)
      ? own[entidad].map((field) => ({
          nombre: `${entidad}.campos.${field.clave}`,
          descripcion: `${entidad === 'mascota' ? 'Campo propio del animal' : 'Campo propio de la persona'}: ${field.etiqueta}`,
        }))
      : [],
  );
}

/** An own-field variable that names no field (archived ones still fill the texts that read them). */
function unknownOwnField(input: { asunto: string; cuerpo: string }, all: { mascota: CustomFieldDefinition[]; persona: CustomFieldDefinition[] }) {
  for (const [field, text] of [
    ['asunto', input.asunto],
    ['cuerpo', input.cuerpo],
  ] as const) {
    for (const name of variablesUsed(text)) {
      const variable = customFieldVariable(name);
      if (variable && !all[variable.entidad].some((f) => f.clave === variable.clave)) {
        const message = templateMessages.unknownOwnField(name);
        throw new AppError('VALIDATION_ERROR', { message, fieldErrors: { [field]: message } });
      }
    }
  }
}

function toTemplate(clave: TemplateKey, row: TemplateRow | undefined, own: OwnFields = { mascota: [], persona: [] }): Template {
  const text = row ?? { ...DEFAULT_TEMPLATES[clave], activa: true };
  return {
    clave,
    titulo: TEMPLATE_TITLES[clave],
    asunto: text.asunto,
    cuerpo: text.cuerpo,
    activa: text.activa,
    automatica: AUTOMATIC_TEMPLATE_KEYS.includes(clave),
    personalizada: row !== undefined,
    variables: [
      ...TEMPLATE_VARIABLES[clave].map((nombre) => ({ nombre, descripcion: TEMPLATE_VARIABLE_LABELS[nombre] })),
      ...ownFieldVariables(clave, own),
    ],
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The first reason the subject or the text cannot be used for `clave`, as a 400 naming it. */
function assertUsable(clave: TemplateKey, input: { asunto: string; cuerpo: string }): void {
  if (input.asunto === '' && !TEMPLATE_KEYS_WITHOUT_SUBJECT.includes(clave))
    throw new AppError('VALIDATION_ERROR', { message: templateMessages.subjectRequired, fieldErrors: { asunto: templateMessages.subjectRequired } });
  for (const [field, text] of [
    ['asunto', input.asunto],
    ['cuerpo', input.cuerpo],
  ] as const) {
    const problem = templateProblem(clave, text);
    if (problem) throw new AppError('VALIDATION_ERROR', { message: problem, fieldErrors: { [field]: problem } });
  }
}

/** Message templates (DESIGN section 10): Spanish defaults, edited by administrators, previewed with sample values. */
export function createTemplatesService({ repo, history, organization, ownFields }: TemplatesServiceDeps) {
  async function allOwnFields(): Promise<OwnFields> {
    const [mascota, persona] = await Promise.all([ownFields.definitions('mascota'), ownFields.definitions('persona')]);
    return { mascota, persona };
  }
  const active = (all: OwnFields): OwnFields => ({
    mascota: all.mascota.filter((f) => !f.archivado),
    persona: all.persona.filter((f) => !f.archivado),
  });
  /** A sample of each own field for the preview: its label, between «». */
  const ownSamples = (all: OwnFields) =>
    Object.fromEntries(
      (['mascota', 'persona'] as const).flatMap((entidad) => all[entidad].map((f) => [`${entidad}.campos.${f.clave}`, `«${f.etiqueta}»`] as const)),
    );

  return {
    async list(): Promise<Template[]> {
      const rows = new Map((await repo.all()).map((row) => [row.clave, row]));
      const own = active(await allOwnFields());
      return TEMPLATE_KEYS.map((clave) => toTemplate(clave, rows.get(clave), own));
    },

    /** Saves a key's text; an unknown variable or a section/partial tag answers 400 naming it; a stale version 409. */
    async save(actor: SessionUser, clave: TemplateKey, input: SaveTemplateInput): Promise<Template> {
      assertUsable(clave, input);
      const own = await allOwnFields();
      unknownOwnField(input, own);
      const values = {
        asunto: TEMPLATE_KEYS_WITHOUT_SUBJECT.includes(clave) ? '' : input.asunto,
        cuerpo: input.cuerpo,
        activa: input.activa,
        updatedBy: actor.id,
      };
      return repo.transaction(async (tx) => {
        const current = await tx.find(clave, { forUpdate: true });
        const version = current?.version ?? 0;
        if (input.version !== undefined && input.version !== version) throw new AppError('CONFLICT', { message: templateMessages.stale });
        const saved = current ? await tx.update(clave, version, values) : await tx.insert({ clave, ...values });
        if (!saved) throw new AppError('CONFLICT', { message: templateMessages.stale });
        const before = current ?? { ...DEFAULT_TEMPLATES[clave], activa: true };
        const cambios = changedFields(before, values, ['asunto', 'cuerpo', 'activa'] as const);
        if (hasChanges(cambios) || !current) {
          await history.record(tx.handle, { actor: userActor(actor), entidad: 'plantilla', entidadId: clave, accion: 'modificar', cambios });
        }
        return toTemplate(clave, await tx.find(clave), active(own));
      });
    },

    /** The text being edited, filled in with sample values and the organisation's (nothing is saved). */
    async preview(clave: TemplateKey, input: PreviewTemplateInput): Promise<TemplatePreview> {
      assertUsable(clave, input);
      const own = await allOwnFields();
      unknownOwnField(input, own);
      const samples = { ...TEMPLATE_SAMPLE_VALUES, ...ownSamples(own) };
      if (TEMPLATE_KEYS_WITHOUT_SUBJECT.includes(clave)) {
        // A document: its Markdown filled in (values as given), and that Markdown as HTML with any raw HTML escaped.
        const org = await organization.stored();
        const markdown = fillText(input.cuerpo, { ...samples, ...organizationValues(org) });
        return { asunto: '', texto: markdown, html: markdownHtml(markdown) };
      }
      const rendered = renderTemplate(input, samples, await organization.stored());
      return { asunto: rendered.asunto, texto: rendered.texto, html: rendered.html };
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
