import { HONEYPOT_FIELD, type RegistrationFieldsInput } from '@refugio/contracts';

/** The form's text values, exactly the wire fields (tags as JSON text), so the contracts schema validates them. */
export type RegistrationValues = RegistrationFieldsInput;

export const emptyRegistrationValues: RegistrationValues = {
  nombre: '',
  edad: '',
  tipo: 'Perro',
  genero: 'macho',
  tamano: 'mediano',
  discapacidad: '0',
  personalidad: '',
  historia: '',
  tags: '[]',
  contactoNombre: '',
  contactoEmail: '',
  contactoTelefono: '',
  enlaceId: '',
  [HONEYPOT_FIELD]: '',
};

export const registrationTextFields = Object.keys(emptyRegistrationValues) as (keyof RegistrationValues)[];

export interface RegistrationMedia {
  image: File | null;
  imagenes: File[];
  videos: File[];
}

export const emptyMedia: RegistrationMedia = { image: null, imagenes: [], videos: [] };

/** The multipart body: every text field first (the server checks them, and the link, before any file), then the files. */
export function buildRegistrationBody(values: RegistrationValues, media: RegistrationMedia): FormData {
  const body = new FormData();
  for (const field of registrationTextFields) {
    const value = values[field];
    if (value !== undefined) body.append(field, value);
  }
  if (media.image) body.append('image', media.image, media.image.name);
  for (const file of media.imagenes) body.append('imagenes', file, file.name);
  for (const file of media.videos) body.append('videos', file, file.name);
  return body;
}

/** The files in the order they are sent, each with the bytes sent before it (to show each file's progress). */
export function mediaQueue(media: RegistrationMedia): { file: File; offset: number }[] {
  const files = [...(media.image ? [media.image] : []), ...media.imagenes, ...media.videos];
  let offset = 0;
  return files.map((file) => {
    const entry = { file, offset };
    offset += file.size;
    return entry;
  });
}

/** 0-100 for one file, given the bytes of the body sent so far (text fields are small enough to ignore). */
export function filePercent(entry: { file: File; offset: number }, loaded: number): number {
  if (entry.file.size === 0) return loaded > entry.offset ? 100 : 0;
  return Math.max(0, Math.min(100, Math.floor(((loaded - entry.offset) / entry.file.size) * 100)));
}

const DRAFT_KEY = 'refugio:registro-mascota';

/** The typed values survive a failed upload and a reload of the tab (never the files: those stay in memory). */
export function saveDraft(values: RegistrationValues): void {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ ...values, [HONEYPOT_FIELD]: '' }));
  } catch {
    // Private mode or full storage: the values still live in the page.
  }
}

export function loadDraft(): Partial<RegistrationValues> {
  try {
    const text = sessionStorage.getItem(DRAFT_KEY);
    if (!text) return {};
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const draft: Partial<RegistrationValues> = {};
    for (const field of registrationTextFields) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string') (draft as Record<string, string>)[field] = value;
    }
    return draft;
  } catch {
    return {};
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    // nothing to do
  }
}
