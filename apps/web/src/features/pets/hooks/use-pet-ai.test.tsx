import { aiMessages, type PetFields } from '@refugio/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { renderHookWithProviders } from '../../../testing/render-with-providers';
import { server } from '../../../testing/server';
import { newPetFormValues, petFormSchema, type PetFormValues } from '../lib/pet-form-values';
import { serializeTags } from '../lib/tags';
import { usePetAi } from './use-pet-ai';

function renderPetAi(values: Partial<PetFormValues> = {}) {
  return renderHookWithProviders(() => {
    const form = useForm<PetFormValues, unknown, PetFields>({
      resolver: zodResolver(petFormSchema('Europe/Madrid')),
      defaultValues: { ...newPetFormValues('2026-01-01'), nombre: 'Luna', ...values },
    });
    return { form, ai: usePetAi(form) };
  });
}

const aiAvailable = () => http.get('/api/ai/estado', () => HttpResponse.json({ available: true, provider: 'gemini' }));

describe('usePetAi', () => {
  it('says the assistant is unavailable when the server has none', async () => {
    server.use(http.get('/api/ai/estado', () => HttpResponse.json({ available: false, provider: 'none' })));
    const { result } = renderPetAi();
    expect(result.current.ai.availability).toBe('checking');
    await waitFor(() => expect(result.current.ai.availability).toBe('unavailable'));
  });

  it('GENERAR ETIQUETAS puts the generated tags in the form (not saved) and says how many', async () => {
    let sent: unknown;
    server.use(
      aiAvailable(),
      http.post('/api/ai/etiquetas', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ tags: ['juguetón', 'cariñoso'] });
      }),
    );
    const { result } = renderPetAi({ historia: 'Llegó en invierno.' });
    await act(() => result.current.ai.generateTags());
    expect(result.current.form.getValues('tags')).toBe(serializeTags(['juguetón', 'cariñoso']));
    expect(sent).toMatchObject({ nombre: 'Luna', historia: 'Llegó en invierno.' });
    expect(await screen.findByText(aiMessages.tagsSuccessText(2, 'Luna'))).toBeInTheDocument();
  });

  it('GENERAR ETIQUETAS with no usable tag says it failed and leaves the tags alone', async () => {
    server.use(
      aiAvailable(),
      http.post('/api/ai/etiquetas', () => HttpResponse.json({ tags: [] })),
    );
    const { result } = renderPetAi({ tags: serializeTags(['tranquilo']) });
    await act(() => result.current.ai.generateTags());
    expect(result.current.form.getValues('tags')).toBe(serializeTags(['tranquilo']));
    expect(await screen.findByText(aiMessages.tagsFailure)).toBeInTheDocument();
  });

  it("'Mejorar con IA' on an empty text asks for the text first and calls nobody", async () => {
    server.use(aiAvailable());
    const { result } = renderPetAi({ historia: '' });
    await act(() => result.current.ai.improveField('historia'));
    expect(await screen.findByText(aiMessages.textRequired)).toBeInTheDocument();
    expect(result.current.ai.proposal).toBeNull();
  });

  it("'Mejorar con IA' proposes a text; the form changes only when it is accepted", async () => {
    server.use(
      aiAvailable(),
      http.post('/api/ai/mejorar-texto', () => HttpResponse.json({ texto: 'Luna llegó una noche de invierno.' })),
    );
    const { result } = renderPetAi({ historia: 'llego en invierno' });
    await act(() => result.current.ai.improveField('historia'));
    expect(result.current.ai.proposal).toEqual({ campo: 'historia', current: 'llego en invierno', proposed: 'Luna llegó una noche de invierno.' });
    expect(result.current.form.getValues('historia')).toBe('llego en invierno');

    act(() => result.current.ai.acceptProposal(result.current.ai.proposal!));
    expect(result.current.form.getValues('historia')).toBe('Luna llegó una noche de invierno.');
    expect(result.current.ai.proposal).toBeNull();
  });

  it("'Mejorar con IA' shows the server's error and proposes nothing", async () => {
    server.use(
      aiAvailable(),
      http.post('/api/ai/mejorar-texto', () =>
        HttpResponse.json({ code: 'AI_FAILED', message: aiMessages.improveFailure, requestId: 'r' }, { status: 502 }),
      ),
    );
    const { result } = renderPetAi({ personalidad: 'tranquila' });
    await act(() => result.current.ai.improveField('personalidad'));
    expect(await screen.findByText(aiMessages.improveFailure)).toBeInTheDocument();
    expect(result.current.ai.proposal).toBeNull();
  });
});
