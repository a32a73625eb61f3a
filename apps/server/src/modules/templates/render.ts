import {
  type CustomFieldVariable,
  TEMPLATE_SECTIONS,
  TEMPLATE_VARIABLES,
  type TemplateKey,
  type TemplateVariable,
  customFieldVariable,
  templateMessages,
  templateReadsOwnFields,
} from '@refugio/contracts';
import { Marked } from 'marked';
import Mustache from 'mustache';
import type { StoredOrganization } from '../organization/organization.port';

/*
 * Templates are Mustache with variables (`{{persona.nombre}}`) and sections on those variables only
 * (`{{#mascota.nombre}} a {{mascota.nombre}}{{/mascota.nombre}}`, a clause shown only when its value is given): no
 * partials or changed delimiters, so what an administrator writes is what is sent. The plain-text part is rendered without escaping; the HTML part
 * is that text escaped as a whole (every value and every word of the template), so a name like `<script>` reaches
 * the reader as text. The subject is one line whatever the values hold.
 */

/** Why a template cannot be saved for `key` (the first problem, in Spanish), or null when it can. */
export function templateProblem(key: TemplateKey, text: string): string | null {
  let tokens: ReturnType<typeof Mustache.parse>;
  try {
    tokens = Mustache.parse(text);
  } catch (error) {
    return templateMessages.badSyntax(error instanceof Error ? error.message : String(error));
  }
  const fixed = TEMPLATE_VARIABLES[key] as readonly string[];
  // The organisation's own fields of the pet or person the key names (whether each exists is the service's check).
  const ownField = (name: string) => {
    const variable = customFieldVariable(name);
    return variable !== null && templateReadsOwnFields(key, variable.entidad);
  };
  const allowed = { includes: (name: string) => fixed.includes(name) || ownField(name) };
  const sections = (TEMPLATE_SECTIONS[key] ?? []) as readonly string[];
  const walk = (list: unknown[]): string | null => {
    for (const token of list) {
      const [type, value, , , children] = token as [string, string, number, number, unknown[] | undefined];
      if (type === 'text' || type === '!') continue;
      if (type === 'name' || type === '&') {
        if (!allowed.includes(value)) return templateMessages.unknownVariable(value, key);
        continue;
      }
      // A section on one of the key's own variables (a clause dropped when its value is empty), or one the key
      // admits besides (the contract's "only when not sterilised").
      if ((type === '#' || type === '^') && (sections.includes(value) || allowed.includes(value))) {
        const inner = walk(children ?? []);
        if (inner) return inner;
        continue;
      }
      const shown = type === '=' ? `{{=${value}=}}` : `{{${type}${value}}}`;
      return templateMessages.forbiddenTag(shown);
    }
    return null;
  };
  return walk(tokens);
}

/** The variables `text` reads (already checked by `templateProblem` when saved). */
export function variablesUsed(text: string): string[] {
  const names = (list: unknown[]): string[] =>
    list.flatMap((token) => {
      const [type, value, , , children] = token as [string, string, number, number, unknown[] | undefined];
      if (type === 'name' || type === '&') return [String(value)];
      return type === '#' || type === '^' ? names(children ?? []) : [];
    });
  try {
    return names(Mustache.parse(text));
  } catch {
    return [];
  }
}

export type TemplateValues = Partial<Record<TemplateVariable | CustomFieldVariable, string | number | null | undefined>>;

/** `{ 'persona.nombre': 'Ana' }` -> `{ persona: { nombre: 'Ana' } }`, what Mustache's dotted names look up. */
function toView(values: Record<string, string | number | null | undefined>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const parts = name.split('.');
    let node = view;
    for (const part of parts.slice(0, -1)) {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1)!] = String(value);
  }
  return view;
}

const verbatim = (value: unknown) => String(value);

/** The template filled in, unescaped (for the plain-text part and WhatsApp). */
export function fillText(template: string, values: Record<string, string | number | null | undefined>): string {
  return Mustache.render(template, toView(values), {}, { escape: verbatim });
}

/** What a document shows where a value (or every part of a group of values) is empty. */
export const DOCUMENT_EMPTY_MARK = '—';

/** The text between two variables that makes them parts of one thing: `{{a}} {{b}}`, `{{a}}, {{b}}`, `{{a}} / {{b}}`. */
const PART_JOINER = /^[ \t]*(?:[,;/·-][ \t]*)?$/;

type MustacheToken = [string, string, number, number, MustacheToken[]?];

/**
 * A document's Markdown (the contract) filled in so that empty values never break its formatting: values are
 * trimmed; variables written side by side as parts of one thing (`{{persona.nombre}} {{persona.apellidos}}`,
 * `{{persona.direccion}}, {{persona.ciudad}}`) drop their empty parts with the separator before them, and a group
 * (or a lone variable) with nothing shows `—`; emphasis never keeps spaces inside its marks (`**Ana **` is no
 * emphasis in Markdown and would print its asterisks). `values` are already escaped for Markdown; a missing or
 * empty one is empty.
 */
export function fillMarkdown(template: string, values: Record<string, string | null | undefined>): string {
  const valueOf = (name: string) => (values[name] ?? '').trim();
  const edits: { start: number; end: number; text: string }[] = [];
  const walk = (list: MustacheToken[]) => {
    for (let i = 0; i < list.length; i++) {
      const [type, , , , children] = list[i]!;
      if ((type === '#' || type === '^') && children) walk(children);
      if (type !== 'name' && type !== '&') continue;
      // The group: this variable, then every `joiner variable` that follows.
      const first = list[i]!;
      const group: { name: string; before: string }[] = [{ name: first[1], before: '' }];
      let last = first;
      while (i + 2 < list.length) {
        const between = list[i + 1]!;
        const next = list[i + 2]!;
        if (between[0] !== 'text' || !PART_JOINER.test(between[1]) || (next[0] !== 'name' && next[0] !== '&')) break;
        group.push({ name: next[1], before: between[1] });
        last = next;
        i += 2;
      }
      let text = '';
      for (const part of group) {
        const value = valueOf(part.name);
        if (value === '') continue;
        text += text === '' ? value : part.before + value;
      }
      edits.push({ start: first[2], end: last[3], text: text === '' ? DOCUMENT_EMPTY_MARK : text });
    }
  };
  walk(Mustache.parse(template) as unknown as MustacheToken[]);
  // Each group becomes one variable of its own (`{{grupoN}}`) holding its text; from the end, so offsets stay right.
  let filled = template;
  const groups: Record<string, string> = {};
  edits
    .sort((a, b) => b.start - a.start)
    .forEach((edit, n) => {
      groups[`grupo${n}`] = edit.text;
      filled = `${filled.slice(0, edit.start)}{{grupo${n}}}${filled.slice(edit.end)}`;
    });
  const view = Object.fromEntries(Object.entries(values).filter(([, v]) => v != null && v.trim() !== '')) as Record<string, string>;
  return trimEmphasis(fillText(filled, { ...view, ...groups }));
}

/** `** Ana García **` -> `**Ana García**`, `****` -> `**—**`, on one line (escaped marks `\*` are left alone). */
export function trimEmphasis(markdown: string): string {
  return markdown.replace(/(?<!\\)(\*\*|__)([^*_\n]*?)(?<!\\)\1/g, (whole, mark: string, inner: string) => {
    const trimmed = inner.trim();
    if (trimmed === inner && inner !== '') return whole;
    return `${mark}${trimmed === '' ? DOCUMENT_EMPTY_MARK : trimmed}${mark}`;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The organisation's values every template may use. */
export function organizationValues(org: StoredOrganization): TemplateValues {
  return {
    'organizacion.nombre': org.nombre ?? '',
    'organizacion.email': org.email ?? '',
    'organizacion.telefono': org.telefono ?? '',
    'organizacion.web': org.web ?? '',
    'organizacion.direccion': org.direccion ?? '',
    'organizacion.nif': org.nif ?? '',
  };
}

/** The lines every e-mail ends with: who writes and how to answer them. */
export function signatureLines(org: StoredOrganization): string[] {
  return [org.nombre, org.email, org.telefono, org.web, org.direccion].filter((v): v is string => Boolean(v));
}

export interface ComposedMessage {
  asunto: string;
  /** The plain-text part: the text, then the organisation's signature. */
  texto: string;
  html: string;
  /** The text alone, filled in (what a WhatsApp message carries). */
  cuerpo: string;
}

/** A subject and a text already filled in, made into an e-mail: one-line subject, plain text and HTML, both signed. */
export function composeEmail(asunto: string, texto: string, org: StoredOrganization): ComposedMessage {
  const subject = asunto.replace(/\s+/g, ' ').trim();
  const body = texto.replace(/\r\n?/g, '\n').trim();
  const signature = signatureLines(org);
  const plain = signature.length > 0 ? `${body}\n\n--\n${signature.join('\n')}\n` : `${body}\n`;
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const footer = signature.length > 0 ? `\n<hr>\n<p style="color:#555;font-size:13px">${signature.map(escapeHtml).join('<br>')}</p>` : '';
  const html = `<!doctype html>\n<html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body style="font-family:sans-serif;line-height:1.5">\n${paragraphs}${footer}\n</body></html>\n`;
  return { asunto: subject, texto: plain, html, cuerpo: body };
}

/**
 * A message filled in as it reads when a value was empty in a text that did not drop its clause (a template an
 * administrator wrote): a preposition left before a stop or the end of a line goes ("Gracias por acoger a ." ->
 * "Gracias por acoger."), as do empty quotes and brackets, repeated commas, a comma before a stop ("Hola, :" ->
 * "Hola:"), spaces before a stop and doubled spaces. Line breaks stay as written.
 */
export function tidyMessage(text: string): string {
  return text
    .replace(/«[ \t]*»|“[ \t]*”|"[ \t]*"|\([ \t]*\)|\[[ \t]*\]/g, '')
    .replace(/[ \t]+(?:a|al|de|del|para|por|en|con)(?=[ \t]*(?:[.,;:!?)]|$))/gim, '')
    .replace(/,(?:[ \t]*,)+/g, ',')
    .replace(/,[ \t]*(?=[.:;!?])/g, '')
    .replace(/,\s*$/, '')
    .replace(/[ \t]+(?=[.,;:!?)»”])/g, '')
    .replace(/([(«“¿¡])[ \t]+/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+$/gm, '');
}

/** A template filled in with `values` and the organisation's, composed as an e-mail (empty values never dangle). */
export function renderTemplate(template: { asunto: string; cuerpo: string }, values: TemplateValues, org: StoredOrganization): ComposedMessage {
  const given = Object.fromEntries(Object.entries({ ...values, ...organizationValues(org) }).filter(([, v]) => v != null && String(v).trim() !== ''));
  const all = Object.fromEntries(Object.entries(given).map(([name, v]) => [name, String(v).trim()]));
  return composeEmail(tidyMessage(fillText(template.asunto, all)), tidyMessage(fillText(template.cuerpo, all)), org);
}

/**
 * The variables the template reads that `values` leave without a value (the organisation's always have one, empty
 * when not set): a message written where there is no pet cannot fill `{{mascota.nombre}}`.
 */
export function missingVariables(template: { asunto: string; cuerpo: string }, values: TemplateValues): TemplateVariable[] {
  // An own field the record leaves empty is not missing: the text reads without it (a section can drop its clause).
  const given = (name: string) => name.startsWith('organizacion.') || customFieldVariable(name) !== null || values[name as TemplateVariable] != null;
  const used = new Set([...variablesUsed(template.asunto), ...variablesUsed(template.cuerpo)]);
  return [...used].filter((name) => !given(name)) as TemplateVariable[];
}

/**
 * A Markdown document (the adoption contract) as HTML for the preview: raw HTML in the text is shown as text, never
 * run (marked passes HTML through by default; here every HTML token is escaped).
 */
export function markdownHtml(markdown: string): string {
  return markdownRenderer.parse(markdown, { async: false });
}

const markdownRenderer = new Marked({
  gfm: true,
  renderer: {
    html: ({ text }) => escapeHtml(text),
    // A contract links nowhere: a link shows its text, an image its description.
    link({ tokens }) {
      return this.parser.parseInline(tokens);
    },
    image: ({ text }) => escapeHtml(text),
  },
});
