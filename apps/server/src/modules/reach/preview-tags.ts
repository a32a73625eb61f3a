import { DEFAULT_ORG_NAME, SOCIAL_IMAGE_SIZE, SOCIAL_IMAGE_TYPE, petFacts, publicPetPath, reachMessages, socialImagePath } from '@refugio/contracts';
import type { ReachPetRow } from './reach.repository';

/** Text for an HTML attribute or element: the five HTML specials escaped. */
export function htmlText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** What a page's preview says: its title, text, image and address, all absolute. */
export interface Preview {
  title: string;
  description: string;
  url: string;
  image?: { url: string; type: string; alt: string; width: number; height: number };
}

/** The preview of a public pet's page: its name, facts and social image (versioned by its last change). */
export function petPreview(row: ReachPetRow, publicUrl: string): Preview {
  return {
    title: reachMessages.previewPetTitle(row.nombre),
    description: reachMessages.previewPetDescription(row.nombre, row.genero, petFacts(row)),
    url: `${publicUrl}${publicPetPath(row.id)}`,
    image: {
      url: `${publicUrl}${socialImagePath(row.id)}?v=${row.updatedAt.getTime().toString(36)}`,
      type: SOCIAL_IMAGE_TYPE,
      alt: reachMessages.imageAlt(row.nombre),
      width: SOCIAL_IMAGE_SIZE,
      height: SOCIAL_IMAGE_SIZE,
    },
  };
}

/** The preview of the catalogue, and of any pet page that is not public: nothing about a pet. */
export function genericPreview(publicUrl: string): Preview {
  return { title: reachMessages.previewGenericTitle, description: reachMessages.previewGenericDescription, url: `${publicUrl}/adopta` };
}

/** Open Graph and Twitter card tags for `preview`, escaped. */
export function previewTags(preview: Preview, orgName: string | null): string {
  const site = orgName ?? DEFAULT_ORG_NAME;
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${htmlText(value)}" />`;
  const tags = [
    meta('property', 'og:type', 'website'),
    meta('property', 'og:locale', 'es_ES'),
    meta('property', 'og:site_name', site),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', preview.url),
    meta('name', 'twitter:card', preview.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
  ];
  if (preview.image) {
    tags.push(
      meta('property', 'og:image', preview.image.url),
      meta('property', 'og:image:type', preview.image.type),
      meta('property', 'og:image:width', String(preview.image.width)),
      meta('property', 'og:image:height', String(preview.image.height)),
      meta('property', 'og:image:alt', preview.image.alt),
      meta('name', 'twitter:image', preview.image.url),
      meta('name', 'twitter:image:alt', preview.image.alt),
    );
  }
  tags.push(`<link rel="canonical" href="${htmlText(preview.url)}" />`);
  return tags.join('\n    ');
}

/**
 * The public pages' HTML with the preview written in: the tags before `</head>`, and the `<title>` and the
 * description replaced (crawlers that run no JavaScript read only these).
 */
export function withPreview(html: string, preview: Preview, orgName: string | null): string {
  const title = `${preview.title} · ${orgName ?? DEFAULT_ORG_NAME}`;
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${htmlText(title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${htmlText(preview.description)}" />`)
    .replace('</head>', () => `  ${previewTags(preview, orgName)}\n  </head>`);
}

/**
 * JSON text made safe inside a `<script>` element: `<`, `>` and `&` as JSON escapes (so no text in it can close
 * the element or open a comment), and U+2028/U+2029 too. `JSON.parse` reads it back unchanged.
 */
export function jsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The HTML with a `<script type="application/json" id="{id}">` holding `json` (escaped) at the end of its body. */
export function withJsonScript(html: string, id: string, json: string): string {
  const script = `<script type="application/json" id="${htmlText(id)}">${jsonForScript(json)}</script>`;
  return html.includes('</body>') ? html.replace('</body>', () => `  ${script}\n  </body>`) : `${html}${script}`;
}
