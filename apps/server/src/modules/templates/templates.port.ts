import { DEFAULT_TEMPLATES, type TemplateKey, type TemplateVariable } from '@refugio/contracts';
import type { Database } from '../../db/client';
import type { CustomFieldsPort } from '../custom-fields/custom-fields.port';
import type { OrganizationSettingsSource } from '../organization/organization.port';
import {
  type ComposedMessage,
  type TemplateValues,
  composeEmail,
  fillMarkdown,
  missingVariables,
  organizationValues,
  renderTemplate,
} from './render';
import { createTemplatesRepository } from './templates.repository';

/*
 * What other modules ask of the templates: a key filled in for sending (inside the caller's transaction), and a
 * text written by hand composed the same way (signed by the organisation).
 */

export type { ComposedMessage, TemplateValues } from './render';

export interface RenderedTemplate extends ComposedMessage {
  /** Whether the template is active: automatic messages are sent only when it is. */
  activa: boolean;
  /** The variables the saved text reads that had no value (filled in as nothing). */
  faltan: TemplateVariable[];
}

/** The pet and the person a text is about: their own fields fill `{{mascota.campos.<clave>}}` and `{{persona.campos.<clave>}}`. */
export interface TemplateSubjects {
  mascotaId?: number | null | undefined;
  personaId?: number | null | undefined;
}

export function createTemplatesPort(organization: Pick<OrganizationSettingsSource, 'stored'>, ownFields: Pick<CustomFieldsPort, 'templateValues'>) {
  /** `values` with the own fields of the pet and person the text is about (a value given by the caller wins). */
  async function withOwnFields(executor: Database, values: TemplateValues, about: TemplateSubjects | undefined): Promise<TemplateValues> {
    if (!about?.mascotaId && !about?.personaId) return values;
    return { ...(await ownFields.templateValues(executor, about)), ...values };
  }

  return {
    /** The key's saved text (or its default) filled in with `values`, the own fields of `about`, and the organisation's. */
    async render(executor: Database, clave: TemplateKey, given: TemplateValues, about?: TemplateSubjects): Promise<RenderedTemplate> {
      const row = await createTemplatesRepository(executor).find(clave);
      const template = row ?? { ...DEFAULT_TEMPLATES[clave], activa: true };
      const org = await organization.stored(executor);
      const values = await withOwnFields(executor, given, about);
      return { ...renderTemplate(template, values, org), activa: template.activa, faltan: missingVariables(template, values) };
    },

    /**
     * A document's text (the contract's Markdown): the saved text (or the default) filled in with `values` and the
     * organisation's (and the own fields of `about`), each value passed through `escape` first (Markdown's special
     * characters) so none formats.
     */
    async fillDocument(
      executor: Database,
      clave: TemplateKey,
      given: TemplateValues,
      escape: (value: string) => string,
      about?: TemplateSubjects,
    ): Promise<string> {
      const row = await createTemplatesRepository(executor).find(clave);
      const template = row ?? DEFAULT_TEMPLATES[clave];
      const org = await organization.stored(executor);
      const values = await withOwnFields(executor, given, about);
      const all: Record<string, string> = {};
      for (const [name, value] of Object.entries({ ...values, ...organizationValues(org) }))
        if (value !== undefined && value !== null && String(value).trim() !== '') all[name] = escape(String(value).trim());
      return fillMarkdown(template.cuerpo, all);
    },

    /** A subject and text written by hand, signed like every e-mail (no variables are read in them). */
    async compose(executor: Database, asunto: string, texto: string): Promise<ComposedMessage> {
      return composeEmail(asunto, texto, await organization.stored(executor));
    },
  };
}

export type TemplatesPort = ReturnType<typeof createTemplatesPort>;
