/** What the e2e stand-in for the AI service answers, so journeys can assert it. */
export const fakeAi = {
  tags: ['Cariñosa', 'Tranquila', 'Paseos largos', 'Buena con niños', 'Sociable'],
  improvedPrefix: 'Versión mejorada: ',
  post: '¡Conoce a tu próximo mejor amigo! Busca un hogar lleno de cariño. #adopta',
  answer(body: unknown): string {
    const prompt = (body as { contents?: { parts?: { text?: string }[] }[] } | null)?.contents?.[0]?.parts?.[0]?.text ?? '';
    if (prompt.includes('redes sociales')) return this.post;
    if (prompt.includes('etiquetas')) return this.tags.join(', ');
    const original = prompt.split('Texto original:\n')[1] ?? '';
    return `${this.improvedPrefix}${original.trim()}`;
  },
};
