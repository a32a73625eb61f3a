import type { Config } from '../config';

export interface GenerateOptions {
  maxOutputTokens: number;
  temperature: number;
}

/** Why a generation produced no text: the service failed, or it answered without usable text. */
export class AiError extends Error {
  override name = 'AiError';
  constructor(
    readonly kind: 'failed' | 'no-result',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface AiProvider {
  readonly name: 'gemini' | 'openai' | 'none';
  readonly available: boolean;
  /** The model's text; throws AiError. */
  generate(prompt: string, options: GenerateOptions): Promise<string>;
}

export interface HttpPolicy {
  timeoutMs: number;
  /** Delay before the single retry (doubled by Retry-After when the service asks for longer). */
  retryDelayMs: number;
  fetch?: typeof fetch;
}

const RETRYABLE = (status: number) => status === 429 || status >= 500;

/** POSTs JSON with a timeout and one retry (after a backoff) on 429, 5xx or a network failure. */
async function postJson(url: string, headers: Record<string, string>, body: unknown, policy: HttpPolicy): Promise<unknown> {
  const doFetch = policy.fetch ?? fetch;
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(policy.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      if (attempt === 0 && !timedOut) {
        await sleep(policy.retryDelayMs);
        continue;
      }
      throw new AiError('failed', timedOut ? 'AI request timed out' : 'AI request failed', { cause: error });
    }
    if (!response.ok) {
      await response.body?.cancel();
      if (attempt === 0 && RETRYABLE(response.status)) {
        const retryAfter = Number(response.headers.get('retry-after'));
        await sleep(Number.isFinite(retryAfter) && retryAfter > 0 ? Math.min(retryAfter * 1000, policy.retryDelayMs * 4) : policy.retryDelayMs);
        continue;
      }
      throw new AiError('failed', `AI service answered ${response.status}`);
    }
    try {
      return await response.json();
    } catch (error) {
      throw new AiError('failed', 'AI service answered malformed JSON', { cause: error });
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

type GeminiAnswer = {
  candidates?: { content?: { parts?: { text?: unknown }[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
};

/** Gemini's REST generateContent, exactly the request SPEC section 7 describes. The key never leaves the server. */
export function createGeminiProvider(settings: { apiKey: string; model: string; baseUrl: string }, policy: HttpPolicy): AiProvider {
  return {
    name: 'gemini',
    available: true,
    async generate(prompt, { maxOutputTokens, temperature }) {
      const url = `${settings.baseUrl}/models/${encodeURIComponent(settings.model)}:generateContent`;
      const answer = (await postJson(
        url,
        { 'x-goog-api-key': settings.apiKey },
        { contents: [{ parts: [{ text: prompt }] }], generationConfig: { maxOutputTokens, temperature } },
        policy,
      )) as GeminiAnswer | null;
      const text = answer?.candidates?.[0]?.content?.parts?.[0]?.text;
      if (typeof text !== 'string' || text.trim() === '') {
        const reason = answer?.promptFeedback?.blockReason ?? answer?.candidates?.[0]?.finishReason ?? 'empty';
        throw new AiError('no-result', `AI service gave no text (${reason})`);
      }
      return text.trim();
    },
  };
}

type ChatAnswer = { choices?: { message?: { content?: unknown } }[] };

/** Any OpenAI-compatible chat-completions endpoint (Ollama, llama.cpp, vLLM), with the same prompts and limits. */
export function createOpenAiProvider(settings: { baseUrl: string; apiKey: string | undefined; model: string }, policy: HttpPolicy): AiProvider {
  return {
    name: 'openai',
    available: true,
    async generate(prompt, { maxOutputTokens, temperature }) {
      const answer = (await postJson(
        `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`,
        settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
        { model: settings.model, messages: [{ role: 'user', content: prompt }], max_tokens: maxOutputTokens, temperature },
        policy,
      )) as ChatAnswer | null;
      const text = answer?.choices?.[0]?.message?.content;
      if (typeof text !== 'string' || text.trim() === '') throw new AiError('no-result', 'AI service gave no text');
      return text.trim();
    },
  };
}

export const noneProvider: AiProvider = {
  name: 'none',
  available: false,
  generate() {
    return Promise.reject(new AiError('failed', 'AI provider is none'));
  },
};

export function createAiProvider(ai: Config['ai'], policy: HttpPolicy): AiProvider {
  switch (ai.provider) {
    case 'gemini':
      return createGeminiProvider(ai, policy);
    case 'openai':
      return createOpenAiProvider(ai, policy);
    default:
      return noneProvider;
  }
}
