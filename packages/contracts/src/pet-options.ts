/**
 * The pet options of SPEC section 9, in a module without side effects or schemas, so that the public pages
 * can use them without downloading the pet contract's schemas and date library.
 */
export const PET_TYPES = ['Perro', 'Gato', 'Conejo'] as const;
export const PET_GENDERS = ['macho', 'hembra'] as const;
export const PET_SIZES = ['chico', 'mediano', 'grande'] as const;
export type PetType = (typeof PET_TYPES)[number];
