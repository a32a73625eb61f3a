/*
 * Reach (DESIGN section 14): link previews, the social image, the poster, the share menu and the embeddable
 * catalogue. Paths and texts shared by the server and the screens.
 */

/** The public page of one pet. */
export const publicPetPath = (id: number) => `/adopta/${id}`;
/**
 * The 1080x1080 social image of a public pet: a JPEG (a photo-like PNG weighed megabytes, and WhatsApp shows no
 * preview that large). The address DESIGN section 14 names, `tarjeta.png`, redirects here.
 */
export const socialImagePath = (id: number) => `/api/public/mascotas/${id}/tarjeta.jpg`;
/** The social image's media type, as served and as the link previews declare it. */
export const SOCIAL_IMAGE_TYPE = 'image/jpeg';
/** The social image is made at most this many bytes (WhatsApp skips previews of larger images). */
export const SOCIAL_IMAGE_MAX_BYTES = 300_000;
/** The A4 poster of a pet (staff). */
export const posterPath = (id: number) => `/api/mascotas/${id}/cartel.pdf`;
/**
 * The id of the `<script type="application/json">` in /adopta's HTML that carries the catalogue's first page (the
 * answer of `GET /api/public/mascotas` with no query), so the page shows it without one more request.
 */
export const CATALOGUE_FIRST_PAGE_ID = 'catalogo-primera-pagina';
/** The side of the square social image, in pixels. */
export const SOCIAL_IMAGE_SIZE = 1080;

const SIZE_WORDS: Record<string, string> = { chico: 'Tamaño chico', mediano: 'Tamaño mediano', grande: 'Tamaño grande' };

/** Three facts of a pet for the image, the poster and the preview: its type, its age and its size. */
export function petFacts(pet: { tipo: string; edad: string; tamano: string }): string[] {
  return [pet.tipo.trim(), pet.edad.trim(), SIZE_WORDS[pet.tamano] ?? `Tamaño ${pet.tamano}`].filter((fact) => fact !== '');
}

/** The organisation's name where none is configured (ORG_NAME). */
export const DEFAULT_ORG_NAME = 'Adopta un amigo';

/** 'conócela' for a female pet, 'conócelo' otherwise (agrees like adoptedWord). */
export function meetWord(genero: string): string {
  return genero === 'hembra' ? 'conócela' : 'conócelo';
}
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const reachMessages = {
  previewGenericTitle: 'Mascotas en adopción',
  previewGenericDescription: 'Perros, gatos y conejos rescatados que buscan un hogar. Conócelos y solicita su adopción.',
  /** og:description of one pet: its facts, then the call to adopt. */
  previewPetDescription: (nombre: string, genero: string, facts: string[]) =>
    `${facts.join(' · ')}. ${nombre} busca un hogar: ${meetWord(genero)} y solicita su adopción.`,
  previewPetTitle: (nombre: string) => `${nombre} busca un hogar`,
  imageAlt: (nombre: string) => `${nombre}, en adopción`,
  cardCallToAction: 'Busca un hogar',
  imageBusy: 'Se están preparando muchas imágenes ahora mismo. Inténtalo de nuevo en unos segundos.',
  posterHeadline: 'EN ADOPCIÓN',
  posterScan: 'Escanea el código para conocer su historia y solicitar su adopción',
  posterContact: 'Contacto',
  shareTitle: 'Compartir',
  // Names no pet, so it needs no agreement with its sex ("publícala" would read wrong for a male pet).
  shareNotPublic: 'Solo se pueden compartir las mascotas publicadas: publica su ficha para compartir su página, su imagen y su cartel.',
  shareCopyLink: 'Copiar enlace',
  shareLinkCopied: 'Enlace copiado',
  shareWhatsApp: 'WhatsApp',
  shareFacebook: 'Facebook',
  shareImage: 'Descargar imagen',
  sharePoster: 'Imprimir cartel',
  shareSuggestPost: 'Sugerir publicación',
  /** The text that goes with the link on WhatsApp when no post was written. */
  shareDefaultText: (nombre: string, genero: string) => `${nombre} busca un hogar. ${capitalised(meetWord(genero))} y solicita su adopción:`,
  postSuggestionTitle: 'Publicación sugerida',
  postSuggestionFailure: 'No se pudo sugerir una publicación. Inténtalo de nuevo en unos minutos.',
  postSuggestionEmpty: 'La IA no propuso ningún texto. Inténtalo de nuevo.',
  postAccepted: 'Publicación copiada: pégala en la red social que quieras.',
  embedTitle: 'Mascotas en adopción',
  embedLoading: 'Cargando mascotas en adopción...',
  embedEmpty: 'Ahora mismo no hay mascotas en adopción.',
  embedError: 'No se pudo cargar el catálogo de mascotas.',
  embedMore: 'Ver todas las mascotas',
} as const;
