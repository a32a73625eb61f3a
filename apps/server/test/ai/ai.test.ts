import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_URL, STAFF, type TestApp, createTestApp, expectErrorShape } from '../helpers/helpers';
import { type RecordedRequest, geminiText, startFakeAiServer } from '../helpers/fake-ai-server';
import { multipart, petFields } from '../helpers/media';

const pet = {
  nombre: 'Luna',
  tipo: 'Perro',
  edad: '2 años',
  genero: 'hembra',
  tamano: 'mediano',
  discapacidad: '0',
  historia: 'La encontraron en una carretera en invierno.',
  personalidad: 'Tranquila, le encantan los paseos largos.',
};

type Gen = { contents: { parts: { text: string }[] }[]; generationConfig: { maxOutputTokens: number; temperature: number } };

describe('generative text with Gemini', () => {
  let fake: Awaited<ReturnType<typeof startFakeAiServer>>;
  let t: TestApp;
  let staff: string;

  beforeAll(async () => {
    fake = await startFakeAiServer();
    t = await createTestApp({
      GEMINI_API_KEY: 'clave-secreta-gemini',
      GEMINI_BASE_URL: `${fake.url}/v1beta`,
      GEMINI_MODEL: 'gemini-flash-prueba',
      AI_TIMEOUT_MS: '300',
    });
    await t.createUser(STAFF);
    staff = await t.signIn(STAFF.email, STAFF.password);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  const tags = () => t.app.inject({ method: 'POST', url: '/api/ai/etiquetas', headers: { cookie: staff, origin: PUBLIC_URL }, payload: pet });
  const improve = (campo = 'historia') =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/mejorar-texto',
      headers: { cookie: staff, origin: PUBLIC_URL },
      payload: { campo, texto: pet.historia, nombre: pet.nombre },
    });
  const only = (): RecordedRequest => {
    expect(fake.requests).toHaveLength(1);
    return fake.requests[0]!;
  };

  it('says it is available without revealing the key', async () => {
    const res = await t.app.inject({ url: '/api/ai/estado', headers: { cookie: staff, origin: PUBLIC_URL } });
    expect(res.json()).toEqual({ available: true, provider: 'gemini' });
    expect(res.body).not.toContain('clave-secreta');
    expect((await t.app.inject('/api/docs/json')).body).not.toContain('clave-secreta');
  });

  it('asks for tags with exactly the specified request, and cleans the answer', async () => {
    fake.enqueue(
      geminiText(
        'Cariñosa, tranquila, , CARIÑOSA, paseos largos, 1. Buena con niños, "sociable", ideal para departamento, rescatada, dócil, activa, leal, noble.',
      ),
    );
    const res = await tags();
    expect(res.statusCode, res.body).toBe(200);
    const { tags: result } = res.json<{ tags: string[] }>();
    expect(result).toEqual([
      'Cariñosa',
      'tranquila',
      'paseos largos',
      'Buena con niños',
      'sociable',
      'ideal para departamento',
      'rescatada',
      'dócil',
      'activa',
      'leal',
    ]);

    const req = only();
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1beta/models/gemini-flash-prueba:generateContent');
    expect(req.headers['x-goog-api-key']).toBe('clave-secreta-gemini');
    expect(req.headers['content-type']).toContain('application/json');
    const body = req.body as Gen;
    expect(Object.keys(body).sort()).toEqual(['contents', 'generationConfig']);
    expect(body.generationConfig).toEqual({ maxOutputTokens: 200, temperature: 0.7 });
    const prompt = body.contents[0]!.parts[0]!.text;
    expect(prompt).toMatch(/10 etiquetas cortas en español/);
    expect(prompt).toMatch(/separadas por comas/);
    for (const value of [pet.nombre, pet.tipo, pet.edad, pet.genero, pet.tamano, pet.historia, pet.personalidad]) expect(prompt).toContain(value);
    expect(prompt).toContain('Discapacidad: no');
  });

  it('asks to improve a text keeping the same information, with 500 tokens', async () => {
    fake.enqueue(geminiText('  Luna fue rescatada de una carretera en pleno invierno.  '));
    const res = await improve();
    expect(res.json()).toEqual({ texto: 'Luna fue rescatada de una carretera en pleno invierno.' });
    const body = only().body as Gen;
    expect(body.generationConfig).toEqual({ maxOutputTokens: 500, temperature: 0.7 });
    expect(body.contents[0]!.parts[0]!.text).toMatch(/Conserva exactamente la misma información/);
    expect(body.contents[0]!.parts[0]!.text).toContain(pet.historia);
  });

  it('retries once after a 429 and succeeds', async () => {
    fake.enqueue({ status: 429, json: { error: { code: 429 } } }, geminiText('alegre, juguetona'));
    const res = await tags();
    expect(res.json()).toEqual({ tags: ['alegre', 'juguetona'] });
    expect(fake.requests).toHaveLength(2);
  });

  const failures = [
    ['a timeout', [{ delayMs: 1500, json: {} }], 1],
    [
      '500 twice',
      [
        { status: 500, json: {} },
        { status: 500, json: {} },
      ],
      2,
    ],
    [
      '503 then 500',
      [
        { status: 503, json: {} },
        { status: 500, json: {} },
      ],
      2,
    ],
    ['a 400', [{ status: 400, json: { error: { message: 'API key not valid' } } }], 1],
    ['malformed JSON', [{ raw: '{"candidates": [' }], 1],
  ] as const;

  it.each(failures)('maps %s on tags to the Spanish failure message', async (_label, replies, calls) => {
    fake.enqueue(...replies);
    const body = expectErrorShape(await tags(), 502, 'AI_FAILED');
    expect(body.message).toBe('No se pudieron generar las etiquetas. Intenta nuevamente.');
    expect(fake.requests).toHaveLength(calls);
  });

  it.each(failures)('maps %s on text improvement to "Error al conectar con el servicio de IA"', async (_label, replies) => {
    fake.enqueue(...replies);
    const body = expectErrorShape(await improve(), 502, 'AI_FAILED');
    expect(body.message).toBe('Error al conectar con el servicio de IA');
  });

  const noResults = [
    ['no candidates', { json: { candidates: [] } }],
    ['empty text', geminiText('   ')],
    ['a blocked prompt', { json: { promptFeedback: { blockReason: 'SAFETY' } } }],
    ['a candidate stopped for safety', { json: { candidates: [{ finishReason: 'SAFETY' }] } }],
  ] as const;

  it.each(noResults)('maps %s to "Error al mejorar el texto con IA" and to the tag failure message', async (_label, reply) => {
    fake.enqueue(reply);
    expect(expectErrorShape(await improve('personalidad'), 502, 'AI_NO_RESULT').message).toBe('Error al mejorar el texto con IA');
    fake.enqueue(reply);
    expect(expectErrorShape(await tags(), 502, 'AI_NO_RESULT').message).toBe('No se pudieron generar las etiquetas. Intenta nuevamente.');
  });

  it('never touches the pet, whatever the answer', async () => {
    const form = multipart(petFields());
    const { id } = (
      await t.app.inject({
        method: 'POST',
        url: '/phpApi/mascota/nueva',
        payload: form.payload,
        headers: { ...form.headers, cookie: staff, origin: PUBLIC_URL },
      })
    ).json<{ id: number }>();
    const before = (await t.app.inject({ url: `/phpApi/mascota/${id}`, headers: { cookie: staff, origin: PUBLIC_URL } })).body;
    fake.enqueue({ status: 500, json: {} }, { status: 500, json: {} }, geminiText('nuevo, texto'), geminiText('otra historia'));
    await tags();
    await tags();
    await improve();
    expect((await t.app.inject({ url: `/phpApi/mascota/${id}`, headers: { cookie: staff, origin: PUBLIC_URL } })).body).toBe(before);
  });

  it('refuses bad input with 400 and anonymous callers with 401, calling nobody', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/ai/mejorar-texto',
      headers: { cookie: staff, origin: PUBLIC_URL },
      payload: { campo: 'historia', texto: '   ' },
    });
    expect(expectErrorShape(empty, 400, 'VALIDATION_ERROR')).toMatchObject({
      fieldErrors: { texto: 'Escribe primero el texto que quieres mejorar.' },
    });
    expectErrorShape(
      await t.app.inject({
        method: 'POST',
        url: '/api/ai/mejorar-texto',
        headers: { cookie: staff, origin: PUBLIC_URL },
        payload: { campo: 'nombre', texto: 'x' },
      }),
      400,
      'VALIDATION_ERROR',
    );
    expectErrorShape(await t.app.inject({ method: 'POST', url: '/api/ai/etiquetas', payload: pet }), 401, 'UNAUTHENTICATED');
    expect(fake.requests).toHaveLength(0);
  });
});

describe('per-user rate limit', () => {
  it('answers 429 in Spanish past the requests per minute', async () => {
    const fake = await startFakeAiServer(() => geminiText('alegre'));
    const t = await createTestApp({ GEMINI_API_KEY: 'k', GEMINI_BASE_URL: fake.url, AI_REQUESTS_PER_MINUTE: '2' });
    await t.createUser(STAFF);
    const cookie = await t.signIn(STAFF.email, STAFF.password);
    const call = () => t.app.inject({ method: 'POST', url: '/api/ai/etiquetas', headers: { cookie, origin: PUBLIC_URL }, payload: pet });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = expectErrorShape(await call(), 429, 'RATE_LIMITED');
    expect(limited.message).toBe('Has hecho demasiadas solicitudes al asistente de IA. Espera un minuto y vuelve a intentarlo.');
    await t.close();
    await fake.close();
  });
});

describe('OpenAI-compatible provider', () => {
  it('sends the same prompt and limits to /chat/completions and reads the first choice', async () => {
    const fake = await startFakeAiServer(() => ({ json: { choices: [{ message: { role: 'assistant', content: 'dulce, tímida' } }] } }));
    const t = await createTestApp({ AI_PROVIDER: 'openai', OPENAI_BASE_URL: `${fake.url}/v1`, OPENAI_MODEL: 'llama3.2', OPENAI_API_KEY: 'sk-local' });
    await t.createUser(STAFF);
    const cookie = await t.signIn(STAFF.email, STAFF.password);
    const res = await t.app.inject({ method: 'POST', url: '/api/ai/etiquetas', headers: { cookie, origin: PUBLIC_URL }, payload: pet });
    expect(res.json()).toEqual({ tags: ['dulce', 'tímida'] });
    const req = fake.requests[0]!;
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-local');
    expect(req.body).toMatchObject({
      model: 'llama3.2',
      max_tokens: 200,
      temperature: 0.7,
      messages: [{ role: 'user', content: expect.stringContaining('10 etiquetas cortas') as string }],
    });
    await t.close();
    await fake.close();
  });
});

describe('no provider', () => {
  it('reports the feature unavailable and answers 503 with how to enable it', async () => {
    const t = await createTestApp();
    await t.createUser(STAFF);
    const cookie = await t.signIn(STAFF.email, STAFF.password);
    expect((await t.app.inject({ url: '/api/ai/estado', headers: { cookie, origin: PUBLIC_URL } })).json()).toEqual({
      available: false,
      provider: 'none',
    });
    const body = expectErrorShape(
      await t.app.inject({ method: 'POST', url: '/api/ai/etiquetas', headers: { cookie, origin: PUBLIC_URL }, payload: pet }),
      503,
      'AI_UNAVAILABLE',
    );
    expect(body.message).toContain('GEMINI_API_KEY');
    await t.close();
  });
});
