import { maskIban } from '@refugio/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import { createCertificatesRepository } from './certificates.repository';
import { certificatesRoutes } from './certificates.routes';
import { type CertificatesService, createCertificatesService } from './certificates.service';
import { createDonationsExport } from './donations-export';
import { donationsExportRoutes } from './donations-export.routes';
import { colaboraRoutes } from './colabora.routes';
import { createColaboraService } from './colabora.service';
import { createBankImportRepository } from './bank-import.repository';
import { bankImportRoutes } from './bank-import.routes';
import { type BankImportService, createBankImportService } from './bank-import.service';
import { type DonationsPort, createDonationsPort } from './donations.port';
import { createDonationsRepository } from './donations.repository';
import { donationsRoutes } from './donations.routes';
import { type DonationsService, createDonationsService } from './donations.service';
import { type Modelo182Service, createModelo182Service } from './modelo-182.service';
import { createSponsorsRepository } from './sponsors.repository';
import { type SponsorsService, createSponsorsService } from './sponsors.service';
import { createRemesasRepository } from './remesas.repository';
import { remesasRoutes } from './remesas.routes';
import { type RemesasService, createRemesasService } from './remesas.service';

/** The debtor's name in the direct-debit lines of an anonymised person. */
const ANONYMISED_DEBTOR = 'Persona anonimizada';

declare module 'fastify' {
  interface FastifyInstance {
    donationsPort: DonationsPort;
    donationsService: DonationsService & Modelo182Service & CertificatesService & SponsorsService & BankImportService & RemesasService;
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
    app.decorate('donationsPort', createDonationsPort({ history, persons }));
    persons.registerLinks({
      clave: 'cuotas',
      adminOnly: true,
      async move(tx, fromId, toId) {
        await createDonationsRepository(tx).moveFees(fromId, toId);
      },
      async anonymise(tx, personaId) {
        // A fee keeps its figures; the name its direct debits copied goes, and what /colabora said of the person.
        await createRemesasRepository(tx).anonymiseDebtor(personaId, ANONYMISED_DEBTOR);
        await createDonationsRepository(tx).clearSubmittedData(personaId);
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
      adminOnly: true,
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
    // A fee's and a gift's events show in the person's history and, for a sponsorship or a gift for an animal, in the
    // pet's; only administrators see them there (the team sees no money, DESIGN section 20).
    history.registerRelated({
      entidad: 'cuota',
      adminOnly: true,
      ofPet: (handle, petId) => createDonationsRepository(handle).feeIdsOfPet(petId),
      ofPersons: (handle, personaIds) => createDonationsRepository(handle).feeIdsOfPersons(personaIds),
    });
    history.registerRelated({
      entidad: 'donativo',
      adminOnly: true,
      ofPet: (handle, petId) => createDonationsRepository(handle).giftIdsOfPet(petId),
      ofPersons: (handle, personaIds) => createDonationsRepository(handle).giftIdsOfPersons(personaIds),
    });
    const certificatesRepo = createCertificatesRepository(app.db);
    persons.registerLinks({
      clave: 'certificados_donaciones',
      adminOnly: true,
      async move(tx, fromId, toId) {
        await createCertificatesRepository(tx).moveCertificates(fromId, toId);
      },
      async anonymise() {
        // A certificate's row names the person by id only; the PDF sent stays with its message.
      },
      async exportOf(executor, personaId) {
        const rows = await createCertificatesRepository(executor).ofPerson(personaId);
        return rows.map((r) => ({
          certificadoDonaciones: { anio: r.anio, estado: r.estado, importeCentimos: r.importeCentimos, enviadoEn: r.updatedAt.toISOString() },
        }));
      },
    });
    const certificates = createCertificatesService({
      repo: certificatesRepo,
      organization: app.organizationPort,
      messages: app.messagesPort,
      history,
      storage: app.storage,
      enqueue: (job, payload, options) => app.jobs.enqueue(job, payload, options),
      log: app.log,
    });
    app.jobs.define(certificates.sendCertificateJob);
    app.jobs.define(
      defineJob({
        name: 'donations.certificate-sweep',
        title: 'Limpieza de certificados de donaciones sin registro',
        payload: z.object({}),
        every: 6 * 60 * 60 * 1000,
        maxAttempts: 3,
        backoffMs: 5 * 60 * 1000,
        handler: async (_payload, { now }) => {
          await certificates.sweepFiles(now.getTime());
        },
      }),
    );
    const sponsors = createSponsorsService({
      repo: createSponsorsRepository(app.db),
      fees: repo,
      persons,
      pets,
      messages: app.messagesPort,
      history,
      timeZone,
      log: app.log,
    });
    app.jobs.define(sponsors.sponsorNewsJob);
    app.movementsPort.onMovement((tx, movement, actor) => sponsors.onMovement(tx, movement, actor));
    app.decorate('donationsService', {
      ...createDonationsService({ repo, persons, pets, history, timeZone }),
      ...createModelo182Service({ repo, organization: app.organizationPort, history }),
      ...certificates,
      ...sponsors,
      ...createRemesasService({ repo: createRemesasRepository(app.db), history, organization: app.organizationPort }),
      ...createBankImportService({ repo: createBankImportRepository(app.db), persons, history, timeZone }),
    });
    await app.register(donationsRoutes);
    await app.register(certificatesRoutes);
    await app.register(bankImportRoutes);
    await app.register(remesasRoutes);
    await app.register(donationsExportRoutes(createDonationsExport({ repo, timeZone })));
    await app.register(
      colaboraRoutes(
        createColaboraService({
          repo,
          persons,
          history,
          organization: app.organizationPort,
          templates: app.templatesPort,
          timeZone,
          db: app.db,
        }),
      ),
    );
  },
  {
    name: 'donations',
    dependencies: ['db', 'jobs', 'storage', 'access', 'history', 'organization', 'persons', 'pets', 'messages', 'movements', 'templates'],
  },
);
