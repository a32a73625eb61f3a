import type { ReachService } from './reach.service';

/*
 * What other modules may ask of reach (DESIGN sections 9 and 14): the public pages' preview tags, and the social
 * image and poster renderers for content that is not a pet (a lost-and-found report's). Built once in reach.module.ts.
 */
export type ReachPort = Pick<ReachService, 'pageHtml' | 'renderCard' | 'renderPoster'>;
