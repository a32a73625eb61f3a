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
import { AiError, type AiProvider } from '../../ai/providers';
import { AppError } from '../../lib/app-error';
import { buildImprovePrompt, buildTagsPrompt, splitTagsAnswer } from './prompts';

/** What the AI service needs, given once. */
export interface AiServiceDeps {
  provider: AiProvider;
  log: FastifyBaseLogger;
}

/** Suggestions for the pet form (SPEC section 8): proposed to the person, never saved here. */
export function createAiService({ provider, log }: AiServiceDeps) {
  function assertAvailable() {
    if (!provider.available) throw new AppError('AI_UNAVAILABLE', { message: aiMessages.disabledHint });
  }

  return {
    status: () => ({ available: provider.available, provider: provider.name }),

    /** Up to 10 Spanish tags for a pet. Any failure is one message (SPEC section 8). */
    async suggestTags(pet: SuggestTagsInput): Promise<string[]> {
      assertAvailable();
      let answer: string;
      try {
        answer = await provider.generate(buildTagsPrompt(pet), { maxOutputTokens: AI_TAGS_MAX_OUTPUT_TOKENS, temperature: AI_TEMPERATURE });
      } catch (error) {
        log.warn({ err: error }, 'tag generation failed');
        throw new AppError(error instanceof AiError && error.kind === 'no-result' ? 'AI_NO_RESULT' : 'AI_FAILED', {
          message: aiMessages.tagsFailure,
        });
      }
      const tags = normalizeTags(splitTagsAnswer(answer)).slice(0, TAGS_MAX);
      if (tags.length === 0) throw new AppError('AI_NO_RESULT', { message: aiMessages.tagsFailure });
      return tags;
    },

    /** The story or personality rewritten with the same information; proposed, never saved here. */
    async improveText(input: ImproveTextInput): Promise<string> {
      assertAvailable();
      try {
        return await provider.generate(buildImprovePrompt(input), { maxOutputTokens: AI_IMPROVE_MAX_OUTPUT_TOKENS, temperature: AI_TEMPERATURE });
      } catch (error) {
        log.warn({ err: error }, 'text improvement failed');
        if (error instanceof AiError && error.kind === 'no-result') throw new AppError('AI_NO_RESULT', { message: aiMessages.improveEmpty });
        throw new AppError('AI_FAILED', { message: aiMessages.improveFailure });
      }
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
