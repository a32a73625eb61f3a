import type { ImproveTextInput, SuggestTagsInput } from '@refugio/contracts';

/*
 * Every prompt the product sends, in Spanish, in one place (SPEC section 7).
 */

export function buildTagsPrompt(pet: SuggestTagsInput): string {
  return [
    'Eres parte del equipo de un refugio de animales que busca familias adoptivas.',
    'A partir de los datos de esta mascota, genera exactamente 10 etiquetas cortas en español (de una a tres palabras cada una)',
    'que describan su carácter, sus necesidades y el hogar ideal para ella.',
    'Responde solo con las etiquetas separadas por comas, sin numeración, sin comillas y sin ningún otro texto.',
    '',
    `Nombre: ${pet.nombre || 'sin nombre'}`,
    `Tipo: ${pet.tipo || 'sin indicar'}`,
    `Edad: ${pet.edad || 'sin indicar'}`,
    `Género: ${pet.genero || 'sin indicar'}`,
    `Tamaño: ${pet.tamano || 'sin indicar'}`,
    `Discapacidad: ${pet.discapacidad === '1' ? 'sí' : 'no'}`,
    `Historia: ${pet.historia || 'sin historia'}`,
    `Personalidad: ${pet.personalidad || 'sin descripción'}`,
  ].join('\n');
}

export function buildImprovePrompt(input: ImproveTextInput): string {
  const what = input.campo === 'historia' ? 'la historia' : 'la descripción de la personalidad';
  return [
    `Eres redactor de un refugio de animales. Reescribe ${what} de ${input.nombre ? `la mascota ${input.nombre}` : 'una mascota en adopción'}`,
    'para que sea clara, cálida y atractiva para posibles adoptantes, en español.',
    'Conserva exactamente la misma información: no inventes, no agregues ni quites datos.',
    'Responde solo con el texto reescrito, sin títulos, comillas ni comentarios.',
    '',
    'Texto original:',
    input.texto,
  ].join('\n');
}

/**
 * Tags from a comma-separated answer: split, trimmed, list markers and surrounding punctuation removed,
 * empty entries dropped; deduplication and the cap are the caller's (normalizeTags, TAGS_MAX).
 */
export function splitTagsAnswer(answer: string): string[] {
  return answer
    .replace(/\r?\n/g, ',')
    .split(',')
    .map((t) =>
      t
        .trim()
        .replace(/^(?:[-*•#]+|\d+[.)])\s*/, '')
        .replace(/^["'«“]+|["'»”.;:]+$/g, '')
        .trim(),
    )
    .filter((t) => t !== '');
}
