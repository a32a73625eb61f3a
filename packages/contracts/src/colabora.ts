import { z } from 'zod';
import { APPLICATION_FORMULA_START, APPLICATION_HTML_TAG } from './adoption-application-check';
import { COLABORA_ADDRESS_MAX, COLABORA_TYPES, colaboraMessages } from './colabora-messages';
import { FEE_PERIODS, MONEY_METHODS, donationMessages } from './donation-messages';
import { amountSchema } from './donations';
import { fiscalIdSchema, ibanSchema, postcodeSchema } from './fiscal';
import { countryName, isNonEeaSepa, sepaIbanProblem, sepaMessages } from './iban';
import { PERSON_EMAIL_MAX, PERSON_NAME_MAX, PERSON_PHONE_MAX, personMessages } from './persons';
import { oneLineText } from './text';

/*
 * The public page `/colabora` (DESIGN section 15): a stranger becomes a member (socio), sponsors a listed animal
 * (padrino) or gives once (donativo), always by SEPA direct debit. What they send is stored pending (a fee
 * `pendiente`, or a gift `pendiente` for the one-off) until staff confirm it.
 */

export * from './colabora-messages';

const HTML_TAG = APPLICATION_HTML_TAG;
const FORMULA_START = APPLICATION_FORMULA_START;

function nameText(required: string) {
  return oneLineText({ error: required })
    .trim()
    .min(1, required)
    .max(PERSON_NAME_MAX, colaboraMessages.nameTooLong)
    .refine((v) => !HTML_TAG.test(v), colaboraMessages.noHtml)
    .refine((v) => !FORMULA_START.test(v), colaboraMessages.noFormula);
}

const optionalText = (max: number, tooLong: string) =>
  oneLineText({ error: tooLong })
    .trim()
    .max(max, tooLong)
    .refine((v) => !HTML_TAG.test(v), colaboraMessages.noHtml)
    .refine((v) => !FORMULA_START.test(v), colaboraMessages.noFormula)
    .optional();

/** `POST /api/public/colabora`. */
export const colaboraInputSchema = z
  .object({
    tipo: z.enum(COLABORA_TYPES, { error: colaboraMessages.typeInvalid }),
    importe: amountSchema,
    periodicidad: z.enum(FEE_PERIODS, { error: donationMessages.periodInvalid }).optional().describe('Obligatoria para socio y padrino'),
    mascotaId: z
      .number({ error: colaboraMessages.petRequired })
      .int(colaboraMessages.petRequired)
      .min(1, colaboraMessages.petRequired)
      .max(2_147_483_647, colaboraMessages.petRequired)
      .optional()
      .describe('Obligatoria para padrino: un animal de la lista pública'),
    nombre: nameText(colaboraMessages.nameRequired),
    apellidos: nameText(colaboraMessages.surnameRequired),
    nif: fiscalIdSchema.describe('NIF, NIE o CIF con su letra de control: lo pide el modelo 182'),
    email: oneLineText({ error: colaboraMessages.emailInvalid })
      .trim()
      .max(PERSON_EMAIL_MAX, colaboraMessages.emailInvalid)
      .pipe(z.email({ error: colaboraMessages.emailInvalid })),
    telefono: oneLineText({ error: colaboraMessages.phoneInvalid }).trim().max(PERSON_PHONE_MAX, personMessages.phoneInvalid).optional(),
    direccion: optionalText(COLABORA_ADDRESS_MAX, colaboraMessages.addressTooLong),
    codigoPostal: postcodeSchema,
    iban: ibanSchema,
    consentimientoMandato: z.literal(true, { error: colaboraMessages.mandateRequired }),
    privacidad: z.literal(true, { error: colaboraMessages.privacyRequired }),
    /**
     * Honeypot, as on the other public forms: hidden from people and screen readers. Filled, the answer looks like
     * a success and nothing is stored.
     */
    sitioWeb: oneLineText().max(500).optional().describe('Trampa para robots: déjalo vacío'),
  })
  .superRefine((value, ctx) => {
    // Only accounts SEPA can charge; a bank outside the EEA needs the holder's address and BIC, which this short form
    // does not ask: those people are sent to the organisation, which records the fee with them.
    const notSepa = sepaIbanProblem(value.iban);
    if (notSepa !== null) ctx.addIssue({ code: 'custom', path: ['iban'], message: notSepa });
    else if (isNonEeaSepa(value.iban)) {
      const code = value.iban.slice(0, 2);
      ctx.addIssue({ code: 'custom', path: ['iban'], message: sepaMessages.nonEeaPublic(countryName(code), code) });
    }
    if (value.tipo === 'donativo') {
      if (value.periodicidad !== undefined) ctx.addIssue({ code: 'custom', path: ['periodicidad'], message: colaboraMessages.periodOnlyRecurring });
    } else if (value.periodicidad === undefined) ctx.addIssue({ code: 'custom', path: ['periodicidad'], message: colaboraMessages.periodRequired });
    if (value.tipo === 'padrino' && value.mascotaId === undefined)
      ctx.addIssue({ code: 'custom', path: ['mascotaId'], message: colaboraMessages.petRequired });
    if (value.tipo !== 'padrino' && value.mascotaId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['mascotaId'], message: colaboraMessages.petOnlySponsor });
  });
export type ColaboraInput = z.input<typeof colaboraInputSchema>;
export type ColaboraValues = z.output<typeof colaboraInputSchema>;

/** What the page shows after sending: never the IBAN whole. */
export const colaboraResultSchema = z.object({
  id: z.number().int().describe('La cuota (socio, padrino) o el donativo pendiente; 0 cuando no se guardó nada'),
  tipo: z.enum(COLABORA_TYPES),
  estado: z.literal('pendiente'),
  importe: z.number(),
  importeCentimos: z.number().int(),
  periodicidad: z.enum(FEE_PERIODS).nullable(),
  metodoPago: z.enum(MONEY_METHODS),
  iban: z.string().describe('Enmascarado (ES91 **** **** **** **** 1332)'),
  mandato: z.object({ referencia: z.string(), fechaFirma: z.string() }),
});
export type ColaboraResult = z.infer<typeof colaboraResultSchema>;

/** `GET /api/public/colabora`: what the page needs, in the organisation's words. */
export const colaboraPageSchema = z.object({
  organizacion: z.object({ nombre: z.string(), ley49: z.boolean().describe('Si los donativos desgravan (Ley 49/2002)') }),
  textos: z.object({
    mandato: z.string().describe('El texto de la orden de domiciliación SEPA (plantilla colabora_mandato)'),
    privacidad: z.string().describe('El aviso de privacidad (plantilla colabora_privacidad)'),
  }),
  importesSugeridos: z.object({ socio: z.array(z.number()), padrino: z.array(z.number()), donativo: z.array(z.number()) }),
  mascotas: z
    .array(z.object({ id: z.number().int(), nombre: z.string(), miniatura: z.string().nullable() }))
    .describe('Los animales del catálogo público que se pueden apadrinar'),
});
export type ColaboraPage = z.infer<typeof colaboraPageSchema>;

/** `POST /api/cuotas/{id}/confirmar` and `POST /api/donativos/{id}/confirmar`. */
export const confirmPendingInputSchema = z.object({
  version: z.number().int().min(1).describe('Versión que se vio: si ya no es la actual responde 409'),
});
