import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { defaultWebDistDir } from './lib/paths';
import { createLogDestination, flushOnWarning } from './lib/log-destination';
import { RequestLog } from './lib/request-log';
import { runInRequestContext } from './lib/request-context';
import { STORED_NAME_MAX_URL_LENGTH } from './media/storage-keys';
import { adoptionRequestsModule } from './modules/adoption-requests/adoption-requests.module';
import { careModule } from './modules/care/care.module';
import { catalogueModule } from './modules/catalogue/catalogue.module';
import { dashboardModule } from './modules/dashboard/dashboard.module';
import { documentsModule } from './modules/documents/documents.module';
import { inspectionsModule } from './modules/inspections/inspections.module';
import { donationsModule } from './modules/donations/donations.module';
import { aiModule } from './modules/ai/ai.module';
import { healthRoutes } from './modules/health/health.routes';
import { historyModule, historyPortPlugin } from './modules/history/history.module';
import { intakeModule } from './modules/intake/intake.module';
import { importerModule } from './modules/importer/importer.module';
import { messagesModule } from './modules/messages/messages.module';
import { fosterPortalModule } from './modules/foster-portal/foster-portal.module';
import { followupsModule } from './modules/followups/followups.module';
import { organizationModule } from './modules/organization/organization.module';
import { movementsModule } from './modules/movements/movements.module';
import { customFieldsModule } from './modules/custom-fields/custom-fields.module';
import { personsModule } from './modules/persons/persons.module';
import { petsModule } from './modules/pets/pets.module';
import { publicationsModule } from './modules/publications/publications.module';
import { reachModule } from './modules/reach/reach.module';
import { registerBookModule } from './modules/register-book/register-book.module';
import { reportsModule } from './modules/reports/reports.module';
import { surrendersModule } from './modules/surrenders/surrenders.module';
import { lostFoundModule } from './modules/lost-found/lost-found.module';
import { templatesModule } from './modules/templates/templates.module';
import { rolesModule } from './modules/roles/roles.module';
import { usersModule } from './modules/users/users.module';
import { volunteersModule } from './modules/volunteers/volunteers.module';
import { accessPlugin } from './plugins/access';
import { maskingPlugin } from './plugins/masking';
import { aiPlugin } from './plugins/ai';
import { authPlugin } from './plugins/auth';
import { budgetsPlugin } from './plugins/budgets';
import { changesPlugin } from './plugins/changes';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { connectionsPlugin } from './plugins/connections';
import { jobsPlugin } from './plugins/jobs';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { metricsPlugin } from './plugins/metrics';
import { multipartPlugin } from './plugins/multipart';
import { originCheckPlugin } from './plugins/origin-check';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { spaPlugin } from './plugins/spa';
import { type FreeSpaceProbe, storagePlugin } from './plugins/storage';
import type { StorageProvider } from './storage/storage-provider';

// Validation messages in Spanish for every schema the server checks.
z.config(z.locales.es());

export interface BuildAppOptions {
  config: Config;
  /** Opened and migrated by the caller (server.ts or a test); closed when the app closes. */
  database: DatabaseHandle;
  storage?: StorageProvider;
  webDistDir?: string;
  logger?: boolean;
  /** Delay before the AI provider's single retry; tests shorten it. */
  aiRetryDelayMs?: number;
  /** How often request-budget counts are sent to the shared store; tests shorten it. */
  budgetSyncIntervalMs?: number;
  /** Free space of the media disk (fs.statfs); tests inject a nearly full disk. */
  freeSpaceProbe?: FreeSpaceProbe;
  /** How often a started job worker looks for due jobs; tests shorten it. */
  jobPollMs?: number;
  /** Sees every route as it is registered, with its schemas: the contracts test walks their text fields. */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Fastify's trustProxy for TRUST_PROXY. Fastify refuses to trust a bare hop count (it cannot tell the proxy from
 * a client that connects directly), so hops are counted here: the nearest `hops` addresses (the socket peer
 * first, then X-Forwarded-For from the right) are proxies and the next one is the client. A list is handed over.
 */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** Builds the app: plugins in a fixed order (config -> connections -> origin check -> db -> change feed -> jobs -> storage -> ai -> auth -> session -> security -> budgets -> access -> modules). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const log = options.logger === false ? undefined : createLogDestination();
  const app = Fastify({
    logger: log
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          stream: log.stream,
          hooks: { logMethod: flushOnWarning(log) },
        }
      : false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Idle keep-alive sockets must not hold a graceful shutdown open.
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    logController: new RequestLog(),
    genReqId: () => crypto.randomUUID(),
    // A parameter may be as long as the longest name the server stores, percent-encoded (a video's name).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: STORED_NAME_MAX_URL_LENGTH },
    // The router's and Node's own refusals answer in the API's error shape too.
    frameworkErrors,
    clientErrorHandler,
    // A request without Host is refused by the connections plugin, in the API's error shape (Node's is empty).
    http: { requireHostHeader: false },
    // Bodies are timed by the connections plugin (REQUEST_TIMEOUT_SECONDS, UPLOAD_IDLE_SECONDS): an upload may
    // take longer than the request timeout. Headers must still arrive within Node's headersTimeout (60 s).
    requestTimeout: 0,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (log) app.addHook('onClose', async () => log.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);

  // Everything that runs for a request can name it (the history's requestId) without being handed it.
  app.addHook('onRequest', (request, _reply, done) => runInRequestContext({ requestId: request.id }, done));
  await app.register(errorHandlerPlugin);
  // First of the onRequest hooks: slow bodies, greedy addresses and requests without Host.
  await app.register(connectionsPlugin, { config });
  // Before anything reads the session: a forged write is refused without touching it.
  await app.register(originCheckPlugin, { trustedOrigins: config.trustedOrigins });
  await app.register(dbPlugin, { database: options.database });
  await app.register(changesPlugin);
  await app.register(jobsPlugin, { pollMs: options.jobPollMs });
  await app.register(storagePlugin, { config, storage: options.storage, freeSpaceProbe: options.freeSpaceProbe });
  await app.register(aiPlugin, { config, retryDelayMs: options.aiRetryDelayMs ?? 1000 });
  await app.register(authPlugin, { config });
  await app.register(sessionPlugin, { ttlSeconds: config.sessionCacheSeconds, requireTwoFactor: config.requireTwoFactor });
  // onRequest hooks run in this order: security headers, request budgets, then the access check, so that
  // every answer (a 401 or a 429 too) carries the headers and anonymous calls are budgeted.
  await app.register(securityPlugin, { config });
  // Text answers over 1 KB leave compressed; what is compressed already (assets, the catalogue) leaves as it is.
  await app.register(compressionPlugin);
  await app.register(budgetsPlugin, { config, syncIntervalMs: options.budgetSyncIntervalMs, assertDiskRoom: () => app.assertDiskRoom() });
  await app.register(accessPlugin);
  await app.register(maskingPlugin);
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(multipartPlugin);
  await app.register(openapiPlugin);

  await app.register(healthRoutes);
  // The modules, each after those whose ports it takes (DESIGN section 9: one public face per module). Every
  // module writes its history through the history port, so it comes first; the organisation's settings and time
  // zone next; the dashboard, a read model of them all, last.
  await app.register(historyPortPlugin);
  await app.register(organizationModule);
  await app.register(historyModule);
  // The organisation's roles before the users, who are given them.
  await app.register(rolesModule);
  await app.register(usersModule);
  // The organisation's own fields before the templates that read them and the records that hold their values.
  await app.register(customFieldsModule);
  await app.register(templatesModule);
  await app.register(personsModule);
  await app.register(messagesModule);
  await app.register(petsModule);
  await app.register(careModule);
  await app.register(aiModule);
  await app.register(movementsModule);
  await app.register(registerBookModule);
  await app.register(adoptionRequestsModule);
  await app.register(followupsModule);
  await app.register(intakeModule);
  await app.register(catalogueModule);
  await app.register(publicationsModule);
  await app.register(fosterPortalModule);
  await app.register(documentsModule);
  await app.register(donationsModule);
  await app.register(inspectionsModule);
  await app.register(volunteersModule);
  await app.register(importerModule);
  await app.register(dashboardModule);
  await app.register(reportsModule);
  await app.register(reachModule);
  await app.register(surrendersModule);
  await app.register(lostFoundModule);

  await app.register(spaPlugin, {
    webDistDir: options.webDistDir ?? defaultWebDistDir,
    publicPageHtml: (html, pathname) => app.reachPort.pageHtml(html, pathname),
  });
  await app.ready();
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
