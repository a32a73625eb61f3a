import type { RegisterBookResponse, RegisterBookVerification } from '@refugio/contracts';
import type { Database } from '../../db/client';
import type { OrganizationPort } from '../organization/organization.port';
import type { RegisterBookPort } from './register-book.port';

export interface RegisterBookServiceDeps {
  db: Database;
  port: Pick<RegisterBookPort, 'lines' | 'verify' | 'isFilled'>;
  organization: Pick<OrganizationPort, 'stored'>;
}

/** What the register book's routes answer (DESIGN section 16): reads only. */
export function createRegisterBookService({ db, port, organization }: RegisterBookServiceDeps) {
  return {
    async book(anio: number): Promise<RegisterBookResponse> {
      const org = await organization.stored(db);
      return {
        anio,
        organizacion: { nombre: org.nombre ?? '', nucleoZoologico: org.nucleoZoologico ?? '', registroEntidades: org.registroEntidades ?? '' },
        lineas: await port.lines(db, { anio }),
        completo: await port.isFilled(db),
      };
    },
    verify: (anio: number): Promise<RegisterBookVerification> => port.verify(db, anio),
  };
}

export type RegisterBookService = ReturnType<typeof createRegisterBookService>;
