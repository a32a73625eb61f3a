/* The pets' kinds, without zod or dayjs: the public catalogue's filters import these. `pets.ts` re-exports them. */

export const PET_TYPES = ['Perro', 'Gato', 'Conejo'] as const;
export const PET_GENDERS = ['macho', 'hembra'] as const;
export const PET_SIZES = ['chico', 'mediano', 'grande'] as const;
export const PUBLICATION_STATES = ['borrador', 'programada', 'publicada'] as const;
export type PetType = (typeof PET_TYPES)[number];
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** Whether a pet is sterilised (DESIGN 11): the inspector's page shows it without loading the pet's schemas. */
export const STERILISED_VALUES = ['si', 'no', 'desconocido'] as const;
export type Sterilised = (typeof STERILISED_VALUES)[number];
export const sterilisedLabels: Record<Sterilised, string> = { si: 'Sí', no: 'No', desconocido: 'No se sabe' };
