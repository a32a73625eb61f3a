import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendHtml } from './compression';
import { sendError } from './error-handler';

/** Paths that belong to the API: never answered with the SPA. */
const API_PREFIXES = ['/api/', '/phpApi/'];

/** The public pages (catalogue and adoption application) are their own small entry of the web build. */
const PUBLIC_PAGES_ENTRY = 'adopta.html';
function isPublicPagePath(pathname: string): boolean {
  return pathname === '/adopta' || pathname.startsWith('/adopta/');
}
/** The foster portal (/portal/{token}) is another small entry. */
const PORTAL_ENTRY = 'portal.html';
/** The adopter's follow-up page (/seguimiento/{token}) is another. */
const FOLLOWUP_ENTRY = 'seguimiento.html';
/** The contract signing page (/firmar/{token}) is another. */
const SIGNING_ENTRY = 'firmar.html';
/** The volunteer's page (/voluntariado/{token}) is another. */
const VOLUNTEER_ENTRY = 'voluntariado.html';
/** The page to become a member, sponsor or donor (/colabora) is another. */
const COLABORA_ENTRY = 'colabora.html';
/** The inspector's read-only view of the register book (/inspeccion/{token}) is another. */
const INSPECTION_ENTRY = 'inspeccion.html';
/** The public surrender request (/cesion) is another. */
const CESION_ENTRY = 'cesion.html';
/** Lost and found (/perdidos and the author's /aviso/{token}) is another. */
const PERDIDOS_ENTRY = 'perdidos.html';
/** A foster home's answer to "busco acogida" (/acogida-oferta/{token}) is another. */
const FOSTER_OFFER_ENTRY = 'acogida-oferta.html';

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  return pathname === '/api' || pathname === '/phpApi' || API_PREFIXES.some((p) => pathname.startsWith(p));
}

/**
 * Serves the built SPA from the not-found handler: an existing file is sent as is (hashed assets cached for a
 * year), /adopta and /adopta/* get the public pages' entry (adopta.html), any other browser path gets
 * index.html (history fallback), and unknown API paths get a JSON 404.
 * No routes are registered for files, so the permission matrix only sees the API.
 */
export const spaPlugin = fp(
  async (
    app: FastifyInstance,
    opts: {
      webDistDir: string;
      /**
       * Writes what link previews read into the public pages' HTML (`/adopta`, `/adopta/{id}`): crawlers run no
       * JavaScript. Given by app.ts (this plugin imports no module).
       */
      publicPageHtml?: (html: string, pathname: string) => Promise<string>;
    },
  ) => {
    const root = opts.webDistDir;
    const hasSpa = existsSync(path.join(root, 'index.html'));
    const publicPagesFile = path.join(root, PUBLIC_PAGES_ENTRY);
    // Read once: the build does not change under a running server.
    const publicPagesHtml = existsSync(publicPagesFile) ? readFileSync(publicPagesFile, 'utf8') : undefined;
    const hasPortal = existsSync(path.join(root, PORTAL_ENTRY));
    const hasFollowup = existsSync(path.join(root, FOLLOWUP_ENTRY));
    const hasSigning = existsSync(path.join(root, SIGNING_ENTRY));
    const hasColabora = existsSync(path.join(root, COLABORA_ENTRY));
    const hasInspection = existsSync(path.join(root, INSPECTION_ENTRY));
    const hasVolunteer = existsSync(path.join(root, VOLUNTEER_ENTRY));
    const hasCesion = existsSync(path.join(root, CESION_ENTRY));
    const hasPerdidos = existsSync(path.join(root, PERDIDOS_ENTRY));
    const hasFosterOffer = existsSync(path.join(root, FOSTER_OFFER_ENTRY));
    if (hasSpa) {
      // preCompressed: the build writes a brotli and a gzip copy beside each text asset (apps/web/scripts/precompress.mjs);
      // the copy the browser accepts is sent as it is, the original otherwise. Nothing is compressed per request.
      await app.register(fastifyStatic, {
        root,
        serve: false,
        index: false,
        preCompressed: true,
        // The same address answers in several encodings: caches must keep them apart.
        setHeaders: (res) => {
          res.setHeader('vary', 'Accept-Encoding');
        },
      });
    } else {
      app.log.warn({ root }, 'web app not built: only the API is served (run npm run build)');
    }

    app.setNotFoundHandler(async (request, reply) => {
      if (isApiPath(request.url) || !hasSpa || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return sendError(reply, request, 'NOT_FOUND');
      }
      let pathname: string;
      try {
        pathname = decodeURIComponent((request.url.split('?')[0] ?? '/').replace(/\/+$/, '') || '/');
      } catch {
        return sendError(reply, request, 'BAD_REQUEST');
      }
      const file = path.join(root, pathname);
      const insideRoot = file.startsWith(root + path.sep);
      if (insideRoot && existsSync(file) && statSync(file).isFile()) {
        const immutable = pathname.startsWith('/assets/');
        return reply.sendFile(path.relative(root, file), root, {
          immutable,
          maxAge: immutable ? 31_536_000_000 : 0,
          cacheControl: true,
        });
      }
      // Missing hashed assets are real 404s: sending HTML for a .js file breaks the page in confusing ways.
      if (pathname.startsWith('/assets/')) return sendError(reply, request, 'NOT_FOUND');
      void reply.header('cache-control', 'no-cache');
      // /adopta and /adopta/{id}: the public pages, which download no staff code.
      if (isPublicPagePath(pathname) && publicPagesHtml !== undefined) {
        const html = opts.publicPageHtml ? await opts.publicPageHtml(publicPagesHtml, pathname) : publicPagesHtml;
        return sendHtml(request, reply, html);
      }
      // /portal/{token}: the foster portal; the token never leaves in a Referer (portal.html says no-referrer).
      if (pathname.startsWith('/portal/') && hasPortal) return reply.sendFile(PORTAL_ENTRY, root, { cacheControl: false });
      // /seguimiento/{token}: the adopter's follow-up page, the same way (seguimiento.html says no-referrer).
      if (pathname.startsWith('/seguimiento/') && hasFollowup) return reply.sendFile(FOLLOWUP_ENTRY, root, { cacheControl: false });
      // /firmar/{token}: the signing page; the same no-referrer (firmar.html) and no cache.
      if (pathname.startsWith('/firmar/') && hasSigning) return reply.sendFile(SIGNING_ENTRY, root, { cacheControl: false });
      // /voluntariado/{token}: the volunteer's shifts (DESIGN 17); no-referrer (voluntariado.html) and no cache.
      if (pathname.startsWith('/voluntariado/') && hasVolunteer) return reply.sendFile(VOLUNTEER_ENTRY, root, { cacheControl: false });
      // /colabora: members, sponsors and one-off gifts (DESIGN 15); like the others, no cache and no staff code.
      if (pathname === '/colabora' && hasColabora) return reply.sendFile(COLABORA_ENTRY, root, { cacheControl: false });
      // /inspeccion/{token}: the inspector's page (DESIGN 16); no-referrer (inspeccion.html) and no cache, like the portal.
      if (pathname.startsWith('/inspeccion/') && hasInspection) return reply.sendFile(INSPECTION_ENTRY, root, { cacheControl: false });
      // /cesion: an owner asks the shelter to take their animal (DESIGN 19); the same way.
      if (pathname === '/cesion' && hasCesion) return reply.sendFile(CESION_ENTRY, root, { cacheControl: false });
      // /perdidos and /aviso/{token}: lost and found (DESIGN 19); no-referrer (perdidos.html) and no cache, like the portal.
      if ((pathname === '/perdidos' || pathname.startsWith('/aviso/')) && hasPerdidos)
        return reply.sendFile(PERDIDOS_ENTRY, root, { cacheControl: false });
      // /acogida-oferta/{token}: a foster home answers yes or no (DESIGN 17); no-referrer (acogida-oferta.html) and no cache.
      if (pathname.startsWith('/acogida-oferta/') && hasFosterOffer) return reply.sendFile(FOSTER_OFFER_ENTRY, root, { cacheControl: false });
      return reply.sendFile('index.html', root, { cacheControl: false });
    });
  },
  { name: 'spa' },
);
