import type { PublicPetView } from '../api/public-pets';

const sizeLabels: Record<string, string> = { chico: 'Chico', mediano: 'Mediano', grande: 'Grande' };
const genderLabels: Record<string, string> = { macho: 'Macho', hembra: 'Hembra' };

/** Type, age, gender and size in one line. */
export function PetFacts({ pet }: { pet: PublicPetView }) {
  const facts = [pet.tipo, pet.edad, genderLabels[pet.genero] ?? pet.genero, sizeLabels[pet.tamano] ?? pet.tamano].filter(Boolean);
  return (
    <p className="facts">
      {facts.join(' · ')}
      {pet.discapacidad ? ' · Con discapacidad' : ''}
    </p>
  );
}

export function PetTags({ tags, max }: { tags: string[]; max?: number }) {
  const shown = max === undefined ? tags : tags.slice(0, max);
  if (shown.length === 0) return null;
  return (
    <ul className="tags" aria-label="Etiquetas">
      {shown.map((tag) => (
        <li key={tag}>{tag}</li>
      ))}
    </ul>
  );
}

/** The organisation's own fields marked public, as the server wrote them («Sí», a date…); nothing when none has a value. */
export function PetOwnFields({ campos }: { campos: PublicPetView['campos'] }) {
  if (campos.length === 0) return null;
  return (
    <dl className="own-fields" aria-label="Más datos">
      {campos.map(({ etiqueta, valor }) => (
        <div key={etiqueta}>
          <dt>{etiqueta}</dt>
          <dd>{valor}</dd>
        </div>
      ))}
    </dl>
  );
}

const healthWords: [keyof PublicPetView['salud'], string, string][] = [
  ['vacunado', 'Vacunado', 'Vacunada'],
  ['desparasitado', 'Desparasitado', 'Desparasitada'],
  ['esterilizado', 'Esterilizado', 'Esterilizada'],
  ['microchip', 'Con microchip', 'Con microchip'],
];

/** The health badges (DESIGN 11): only what is true, agreeing with the pet's gender; nothing when none is. */
export function PetHealthBadges({ pet }: { pet: Pick<PublicPetView, 'salud' | 'genero'> }) {
  const shown = healthWords.filter(([key]) => pet.salud[key]);
  if (shown.length === 0) return null;
  return (
    <ul className="health" aria-label="Salud">
      {shown.map(([key, male, female]) => (
        <li key={key}>
          <span aria-hidden="true">✓</span> {pet.genero === 'hembra' ? female : male}
        </li>
      ))}
    </ul>
  );
}
