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
  templateMessages,
} from '@refugio/contracts';
import { AppError } from '../../lib/app-error';
import type { OrganizationSettingsSource } from '../organization/organization.port';
import type { SessionUser } from '../../plugins/access';
import { type HistoryPort, changedFields, hasChanges, userActor } from '../history/history.port';
import { fillText, markdownHtml, organizationValues, renderTemplate, templateProblem } from './render';
import type { TemplateRow, TemplatesRepository } from './templates.repository';

export interface TemplatesServiceDeps {
  repo: TemplatesRepository;
  history: Pick<HistoryPort, 'record'>;
  organization: Pick<OrganizationSettingsSource, 'stored'>;
}

function toTemplate(clave: TemplateKey, row: TemplateRow | undefined): Template {
  const text = row ?? { ...DEFAULT_TEMPLATES[clave], activa: true };
  return {
    clave,
    titulo: TEMPLATE_TITLES[clave],
    asunto: text.asunto,
    cuerpo: text.cuerpo,
    activa: text.activa,
    automatica: AUTOMATIC_TEMPLATE_KEYS.includes(clave),
    personalizada: row !== undefined,
    variables: TEMPLATE_VARIABLES[clave].map((nombre) => ({ nombre, descripcion: TEMPLATE_VARIABLE_LABELS[nombre] })),
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
export function createTemplatesService({ repo, history, organization }: TemplatesServiceDeps) {
  return {
    async list(): Promise<Template[]> {
      const rows = new Map((await repo.all()).map((row) => [row.clave, row]));
      return TEMPLATE_KEYS.map((clave) => toTemplate(clave, rows.get(clave)));
    },

    /** Saves a key's text; an unknown variable or a section/partial tag answers 400 naming it; a stale version 409. */
    async save(actor: SessionUser, clave: TemplateKey, input: SaveTemplateInput): Promise<Template> {
      assertUsable(clave, input);
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
        return toTemplate(clave, await tx.find(clave));
      });
    },

    /** The text being edited, filled in with sample values and the organisation's (nothing is saved). */
    async preview(clave: TemplateKey, input: PreviewTemplateInput): Promise<TemplatePreview> {
      assertUsable(clave, input);
      if (TEMPLATE_KEYS_WITHOUT_SUBJECT.includes(clave)) {
        // A document: its Markdown filled in (values as given), and that Markdown as HTML with any raw HTML escaped.
        const org = await organization.stored();
        const markdown = fillText(input.cuerpo, { ...TEMPLATE_SAMPLE_VALUES, ...organizationValues(org) });
        return { asunto: '', texto: markdown, html: markdownHtml(markdown) };
      }
      const rendered = renderTemplate(input, TEMPLATE_SAMPLE_VALUES, await organization.stored());
      return { asunto: rendered.asunto, texto: rendered.texto, html: rendered.html };
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
