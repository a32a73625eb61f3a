import { petFacts } from '@refugio/contracts';
import type { StaffReachPetRow } from './reach.repository';

/** The prompt of a suggested social-network post (Spanish), with the pet's data and its public page. */
export function buildPostPrompt(pet: StaffReachPetRow, url: string): string {
  return [
    'Eres responsable de redes sociales de un refugio de animales que busca familias adoptivas.',
    `Escribe una publicación breve en español (como mucho 600 caracteres) para WhatsApp, Instagram o Facebook que presente a ${pet.nombre}`,
    'con un tono cálido y cercano, invite a adoptar y termine con el enlace a su página.',
    'Usa solo los datos de abajo: no inventes información. Puedes usar hasta tres emojis y dos o tres etiquetas (hashtags).',
    'Responde solo con el texto de la publicación, sin títulos, comillas ni comentarios.',
    '',
    `Nombre: ${pet.nombre}`,
    `Datos: ${petFacts(pet).join(', ')}`,
    `Género: ${pet.genero}`,
    `Historia: ${pet.historia || 'sin historia'}`,
    `Personalidad: ${pet.personalidad || 'sin descripción'}`,
    `Etiquetas: ${pet.tags.join(', ') || 'ninguna'}`,
    `Enlace: ${url}`,
  ].join('\n');
}

/** The post as proposed: trimmed, and with the page's address at the end when the model left it out. */
export function finishPost(answer: string, url: string): string {
  const text = answer
    .trim()
    .replace(/^["«“]+|["»”]+$/g, '')
    .trim();
  if (text === '') return '';
  return text.includes(url) ? text : `${text}\n\n${url}`;
}
