import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { StorageProvider } from '../../storage/storage-provider';
import type { CarePort } from '../care/care.port';
import type { CustomFieldsPort } from '../custom-fields/custom-fields.port';
import type { DonationsPort } from '../donations/donations.port';
import type { MovementsPort } from '../movements/movements.port';
import type { PersonsPort } from '../persons/persons.port';
import type { PetsPort } from '../pets/pets.port';
import type { RegisterBookPort } from '../register-book/register-book.port';

/** What the importer's service takes from its neighbours, wired in importer.module.ts. */
export interface ImporterDeps {
  db: Database;
  pets: Pick<PetsPort, 'importMatches' | 'importNameMatches' | 'createImportedMany' | 'removeImported' | 'reservePetId' | 'stagePhotos'>;
  /** An imported pet with an entry date gets its `ingreso` on that date (DESIGN 16). */
  movements: Pick<MovementsPort, 'recordImportedEntries'>;
  /** The register book of a chunk's new pets, brought in step in the chunk's transaction. */
  registerBook: Pick<RegisterBookPort, 'sync'>;
  care: Pick<CarePort, 'importMatches' | 'createImported' | 'removeImported'>;
  persons: Pick<PersonsPort, 'normaliseImported' | 'matchImported' | 'importPerson' | 'removeImported' | 'byIdentifiers'>;
  /** The organisation's own fields of pets and persons: a column may go to one (`campo.<clave>`). */
  customFields: Pick<CustomFieldsPort, 'definitions'>;
  donations: Pick<DonationsPort, 'importMatches' | 'createImported' | 'certifiedImported' | 'annulImported'>;
  /** Enqueues the import job of a batch inside the confirmation's transaction. */
  enqueue: (tx: Database, importId: string) => Promise<void>;
  timeZone: (handle?: Pick<Database, 'select'>) => Promise<string>;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  clock?: () => Date;
}
