import { type Config, ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { type DatabaseHandle, openDatabase } from './db/client';
import { listenForBackups } from './backup/control-socket';
import { acquireDataDirLock } from './lib/data-dir-lock';
import { organisationWords, passwordWeakness } from './lib/password-policy';

/** Opens the configured database and applies pending migrations. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const database = config.databaseUrl
    ? await openDatabase({ driver: 'postgres', url: config.databaseUrl })
    : await openDatabase({ driver: 'pglite', dataDir: config.dataDir });
  await database.migrate();
  return database;
}

function printFirstAdmin(email: string, password: string | undefined) {
  const lines = [
    'Se creó el primer administrador.',
    `  Correo:     ${email}`,
    password ? `  Contraseña: ${password}` : '  Contraseña: la indicada en ADMIN_PASSWORD',
    password ? 'Guárdala ahora: no se volverá a mostrar.' : '',
  ].filter(Boolean);
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const releaseLock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir);
  const database = await openConfiguredDatabase(config);
  const app = await buildApp({ config, database });
  const firstAdmin = await app.usersPort.ensureFirstAdmin(config.admin);
  if (firstAdmin.created) printFirstAdmin(firstAdmin.email, firstAdmin.generatedPassword);
  const adminPasswordWeakness =
    firstAdmin.created && config.admin.password
      ? passwordWeakness(config.admin.password, { email: config.admin.email, owner: 'other', organisation: organisationWords(config.publicUrl) })
      : undefined;
  if (adminPasswordWeakness) app.log.warn(`ADMIN_PASSWORD es débil (${adminPasswordWeakness}) Cámbiala al entrar por primera vez.`);
  // The durable jobs (sweeps, scheduled publications): this instance takes its share a few seconds after start-up.
  app.jobs.start({ firstAfterMs: 5_000 });

  let stopBackups: (() => Promise<void>) | undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    (stopBackups ?? (() => Promise.resolve()))()
      .then(() => app.close())
      .then(() => {
        releaseLock?.();
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // PGlite is this process's alone: `npm run backup` asks this server for the archive over a local socket.
  if (!config.databaseUrl) {
    stopBackups = await listenForBackups(
      config.dataDir,
      { db: database.db, databaseDriver: database.driver, storage: app.storage, dataDir: config.dataDir },
      app.log,
    );
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Refugio Admin escuchando en ${config.publicUrl} (base de datos: ${database.driver})`);
}

main().catch((error: unknown) => {
  process.stderr.write(`No se pudo iniciar el servidor: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
