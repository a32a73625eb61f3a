import { maskIban } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDonationsRepository } from './donations.repository';
import { donationsRoutes } from './donations.routes';
import { type DonationsService, createDonationsService } from './donations.service';
import { type Modelo182Service, createModelo182Service } from './modelo-182.service';
import { createRemesasRepository } from './remesas.repository';
import { remesasRoutes } from './remesas.routes';
import { type RemesasService, createRemesasService } from './remesas.service';

/** The debtor's name in the direct-debit lines of an anonymised person. */
const ANONYMISED_DEBTOR = 'Persona anonimizada';

declare module 'fastify' {
  interface FastifyInstance {
    donationsService: DonationsService & Modelo182Service & RemesasService;
  }
}

/**
 * Members' fees, sponsorships and the money received (DESIGN section 15). Fees and gifts point at persons: a merge
 * moves them, an anonymisation keeps them as they are (they hold nothing personal but `persona_id`, so the figures
 * stay for the accounts and the modelo 182), the export lists them with the IBAN masked.
 */
export const donationsModule = fp(
  async (app: FastifyInstance) => {
    const { historyPort: history, personsPort: persons, petsPort: pets } = app;
    const timeZone = app.organizationPort.timeZone;
    const repo = createDonationsRepository(app.db);
    persons.registerLinks({
      clave: 'cuotas',
      async move(tx, fromId, toId) {
        await createDonationsRepository(tx).moveFees(fromId, toId);
      },
      async anonymise(tx, personaId) {
        // A fee keeps its figures; the name its direct debits copied goes.
        await createRemesasRepository(tx).anonymiseDebtor(personaId, ANONYMISED_DEBTOR);
      },
      async exportOf(executor, personaId) {
        const rows = await createDonationsRepository(executor).feesOfPerson(personaId);
        return rows.map((r) => ({
          cuota: {
            id: r.id,
            tipo: r.tipo,
            importeCentimos: r.importeCentimos,
            periodicidad: r.periodicidad,
            desde: r.desde,
            hasta: r.hasta,
            mascotaId: r.petId,
            metodoPago: r.metodoPago,
            iban: r.iban === null ? null : maskIban(r.iban),
            mandato: r.mandatoReferencia === null ? null : { referencia: r.mandatoReferencia, fechaFirma: r.mandatoFechaFirma },
            estado: r.estado,
          },
        }));
      },
    });
    persons.registerLinks({
      clave: 'donativos',
      async move(tx, fromId, toId) {
        await createDonationsRepository(tx).moveGifts(fromId, toId);
      },
      async anonymise() {
        // A gift keeps its amount, date and concept: nothing personal is stored with it but the person's id.
      },
      async exportOf(executor, personaId) {
        const rows = await createDonationsRepository(executor).giftsOfPerson(personaId);
        return rows.map((r) => ({
          donativo: {
            id: r.id,
            importeCentimos: r.importeCentimos,
            fecha: r.fecha,
            metodo: r.metodo,
            concepto: r.concepto,
            cuotaId: r.feeId,
            mascotaId: r.petId,
            referencia: r.referencia,
            estado: r.estado,
          },
        }));
      },
    });
    app.decorate('donationsService', {
      ...createDonationsService({ repo, persons, pets, history, timeZone }),
      ...createModelo182Service({ repo, organization: app.organizationPort }),
      ...createRemesasService({ repo: createRemesasRepository(app.db), history, organization: app.organizationPort }),
    });
    await app.register(donationsRoutes);
    await app.register(remesasRoutes);
  },
  { name: 'donations', dependencies: ['db', 'access', 'history', 'organization', 'persons', 'pets'] },
);
