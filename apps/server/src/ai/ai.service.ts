import {
  AI_IMPROVE_MAX_OUTPUT_TOKENS,
  AI_TAGS_MAX_OUTPUT_TOKENS,
  AI_TEMPERATURE,
  type ImproveTextInput,
  type SuggestTagsInput,
  TAGS_MAX,
  aiMessages,
  normalizeTags,
} from '@refugio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/app-error';
import { buildImprovePrompt, buildTagsPrompt, splitTagsAnswer } from './prompts';
import { AiError, type AiProvider } from './providers';

function assertAvailable(provider: AiProvider) {
  if (!provider.available) throw new AppError('AI_UNAVAILABLE', { message: aiMessages.disabledHint });
}

/** Up to 10 Spanish tags for a pet. Any failure is one message (SPEC section 8). */
export async function suggestTags(provider: AiProvider, log: FastifyBaseLogger, pet: SuggestTagsInput): Promise<string[]> {
  assertAvailable(provider);
  let answer: string;
  try {
    answer = await provider.generate(buildTagsPrompt(pet), { maxOutputTokens: AI_TAGS_MAX_OUTPUT_TOKENS, temperature: AI_TEMPERATURE });
  } catch (error) {
    log.warn({ err: error }, 'tag generation failed');
    throw new AppError(error instanceof AiError && error.kind === 'no-result' ? 'AI_NO_RESULT' : 'AI_FAILED', { message: aiMessages.tagsFailure });
  }
  const tags = normalizeTags(splitTagsAnswer(answer)).slice(0, TAGS_MAX);
  if (tags.length === 0) throw new AppError('AI_NO_RESULT', { message: aiMessages.tagsFailure });
  return tags;
}

/** The story or personality rewritten with the same information; proposed, never saved here. */
export async function improveText(provider: AiProvider, log: FastifyBaseLogger, input: ImproveTextInput): Promise<string> {
  assertAvailable(provider);
  try {
    return await provider.generate(buildImprovePrompt(input), { maxOutputTokens: AI_IMPROVE_MAX_OUTPUT_TOKENS, temperature: AI_TEMPERATURE });
  } catch (error) {
    log.warn({ err: error }, 'text improvement failed');
    if (error instanceof AiError && error.kind === 'no-result') throw new AppError('AI_NO_RESULT', { message: aiMessages.improveEmpty });
    throw new AppError('AI_FAILED', { message: aiMessages.improveFailure });
  }
}
