/** What the e2e stand-in for the AI service answers, so journeys can assert it. */
export const fakeAi = {
  tags: ['Cariñosa', 'Tranquila', 'Paseos largos', 'Buena con niños', 'Sociable'],
  improvedPrefix: 'Versión mejorada: ',
  answer(body: unknown): string {
    const prompt = (body as { contents?: { parts?: { text?: string }[] }[] } | null)?.contents?.[0]?.parts?.[0]?.text ?? '';
    if (prompt.includes('etiquetas')) return this.tags.join(', ');
    const original = prompt.split('Texto original:\n')[1] ?? '';
    return `${this.improvedPrefix}${original.trim()}`;
  },
};
