import { z } from 'zod';
import {
  DONATIONS_PAGE_SIZE_DEFAULT,
  DONATIONS_PAGE_SIZE_MAX,
  FEE_PERIODS,
  FEE_STATES,
  FEE_TYPES,
  GIFT_CONCEPTS,
  GIFT_REFERENCE_MAX,
  GIFT_STATES,
  type GiftConcept,
  MANDATE_REFERENCE_MAX,
  MONEY_MAX_CENTS,
  MONEY_METHODS,
  MONEY_REASON_MAX,
  SPONSOR_DECISIONS,
  donationMessages,
} from './donation-messages';
import { ibanSchema } from './fiscal';
import { bicProblem, isNonEeaSepa, normaliseBic, sepaIbanProblem, sepaMessages } from './iban';
import { personRefSchema } from './pets';
import { calendarDate, multiLineText, oneLineText } from './text';
export * from './donation-messages';

/*
 * Members' fees, sponsorships and the money received (DESIGN section 15): the wire shapes of `/api/personas/{id}/cuotas`,
 * `/api/cuotas` and `/api/donativos`. Amounts travel as euros (`importe`) and are kept as integer cents: the text of
 * the amount is read digit by digit, never multiplied as a float.
 */

const PLAIN = /^(\d{1,7})(?:[.,](\d{1,2}))?$/;
/** Spanish thousands ('1.234,56'): the groups are only read as such when the decimals follow a comma. */
const SPANISH_GROUPED = /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/;
/** English thousands ('1,234.56'), likewise only with the decimals after a point. */
const ENGLISH_GROUPED = /^(\d{1,3}(?:,\d{3})+)\.(\d{1,2})$/;

/**
 * An amount in euros as a person or a program writes it, in integer cents, or null when it is not one: a JSON number
 * (12.5) or a text with a point or a comma before at most two decimals ('12,50', '12.50', '1.234,56', '1,234.56').
 * A point or comma followed by three digits alone ('1.234') is refused: it could be thousands or decimals. Only
 * amounts above 0 and up to MONEY_MAX_EUROS pass.
 */
export function parseEurosToCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // The shortest text that reads back as this number: 12.345 stays '12.345' (three decimals, refused).
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim().replace(/\s*€$/, '');
  } else return null;
  if (text.length > 20) return null;
  const match = PLAIN.exec(text) ?? SPANISH_GROUPED.exec(text) ?? ENGLISH_GROUPED.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/[.,]/g, '');
  const decimals = (match[2] ?? '').padEnd(2, '0');
  if (whole.length > 7) return null;
  const cents = Number.parseInt(whole + decimals, 10);
  return cents > 0 && cents <= MONEY_MAX_CENTS ? cents : null;
}

/** What the yearly cents of some fees give a month, rounded to the cent (half up): integers only. */
export function monthlyCentsOfYearly(yearlyCents: number): number {
  return Math.floor((yearlyCents * 2 + 12) / 24);
}

/** Cents as the euros the API answers (123456 -> 1234.56): exact, as a number with at most two decimals. */
export function centsToEuros(cents: number): number {
  // An integer divided by 100 is the double nearest the decimal amount, which JSON writes as '1234.56'.
  return cents / 100;
}

/** An amount in euros, as a number or a text: answers integer cents. */
export const amountSchema = z
  .union(
    [
      z.number({ error: donationMessages.amountInvalid }),
      oneLineText({ error: donationMessages.amountInvalid }).max(40, donationMessages.amountInvalid),
    ],
    {
      error: donationMessages.amountInvalid,
    },
  )
  .transform((value, ctx) => {
    const cents = parseEurosToCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: donationMessages.amountInvalid });
      return z.NEVER;
    }
    return cents;
  })
  .describe('Euros mayores que 0, con dos decimales como mucho: un número (12.5) o un texto («12,50», «1.234,56»)');

const isoDate = calendarDate(donationMessages.dateInvalid);
const id = z.number().int().min(1).max(2_147_483_647);
const idParam = z.coerce.number().int().min(1).max(2_147_483_647);
const reason = multiLineText().trim().min(1, donationMessages.reasonRequired).max(MONEY_REASON_MAX, donationMessages.reasonTooLong);
const version = z.number().int().min(1).describe('Versión que se editó: si ya no es la actual responde 409');

/** The SEPA set an identifier may use (EPC's guidance on the character set): no spaces, no accents. */
const SEPA_ID_CHARACTERS = /^[A-Za-z0-9/\-?:().,'+]+$/;

/**
 * A SEPA mandate reference (AT-01) as the EPC rules want it: 1 to 35 characters of the SEPA set without spaces, not
 * starting or ending with `/` and without `//`.
 */
export const mandateReferenceSchema = oneLineText({ error: donationMessages.mandateReferenceInvalid })
  .trim()
  .min(1, donationMessages.mandateReferenceInvalid)
  .max(MANDATE_REFERENCE_MAX, donationMessages.mandateReferenceInvalid)
  .refine((v) => SEPA_ID_CHARACTERS.test(v), donationMessages.mandateReferenceCharacters)
  .refine((v) => !v.startsWith('/') && !v.endsWith('/') && !v.includes('//'), donationMessages.mandateReferenceSlash);

export const mandateInputSchema = z.object({
  referencia: mandateReferenceSchema,
  fechaFirma: isoDate.describe('AAAA-MM-DD, no futura'),
});

/**
 * A mandate reference the organisation invents when the signed form has none, as `/colabora` makes its own: a prefix,
 * the signing day and 50 random bits in base 32 ('CUOTA-20261201-0K3M9Q7T2B'), so two never meet. `random` is any
 * random number of at least 50 bits (crypto.getRandomValues or randomBytes).
 */
export function suggestMandateReference(prefix: string, day: string, random: bigint): string {
  const bits = random % 32n ** 10n;
  return `${prefix}-${day.replaceAll('-', '')}-${bits.toString(32).toUpperCase().padStart(10, '0')}`;
}

/** The debtor's address the bank file carries for an account outside the EEA: two lines of 70 and the country. */
export const debtorAddressSchema = z.object(
  {
    direccion: oneLineText({ error: donationMessages.debtorAddressInvalid })
      .trim()
      .min(1, donationMessages.debtorAddressInvalid)
      .max(70, donationMessages.debtorAddressInvalid)
      .describe('Calle y número'),
    localidad: oneLineText({ error: donationMessages.debtorAddressInvalid })
      .trim()
      .min(1, donationMessages.debtorAddressInvalid)
      .max(70, donationMessages.debtorAddressInvalid)
      .describe('Código postal y localidad'),
    pais: oneLineText({ error: donationMessages.debtorAddressInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, donationMessages.debtorAddressInvalid)
      .describe('País del domicilio (ISO 3166, dos letras: CH, GB, AD…)'),
  },
  { error: donationMessages.debtorAddressInvalid },
);
export type DebtorAddress = z.infer<typeof debtorAddressSchema>;

/** `POST /api/personas/{id}/cuotas`. */
export const feeInputSchema = z
  .object({
    tipo: z.enum(FEE_TYPES, { error: donationMessages.feeTypeInvalid }),
    importe: amountSchema,
    periodicidad: z.enum(FEE_PERIODS, { error: donationMessages.periodInvalid }),
    desde: isoDate.describe('AAAA-MM-DD: primer periodo de la cuota'),
    mascotaId: id.optional().describe('Obligatoria para un padrino: la mascota que apadrina'),
    metodoPago: z.enum(MONEY_METHODS, { error: donationMessages.methodInvalid }),
    iban: ibanSchema.optional().describe('Obligatorio (y solo admitido) en la domiciliación'),
    mandato: mandateInputSchema.optional().describe('Mandato SEPA firmado: obligatorio (y solo admitido) en la domiciliación'),
    bic: oneLineText({ error: sepaMessages.bicFormat })
      .transform(normaliseBic)
      .optional()
      .describe('BIC del banco del titular: obligatorio si la cuenta es de un país SEPA de fuera del EEE (CH, GB, AD, MC, SM…)'),
    domicilioDeudor: debtorAddressSchema
      .optional()
      .describe('Domicilio del titular: obligatorio si la cuenta es de un país SEPA de fuera del EEE (el banco lo exige)'),
  })
  .superRefine((value, ctx) => {
    if (value.tipo === 'padrino' && value.mascotaId === undefined)
      ctx.addIssue({ code: 'custom', path: ['mascotaId'], message: donationMessages.petRequired });
    if (value.metodoPago === 'domiciliacion') {
      if (value.iban === undefined) ctx.addIssue({ code: 'custom', path: ['iban'], message: donationMessages.ibanRequired });
      if (value.mandato === undefined) ctx.addIssue({ code: 'custom', path: ['mandato'], message: donationMessages.mandateRequired });
      if (value.iban !== undefined) sepaDebtorIssues(value.iban, value.bic, value.domicilioDeudor, ctx);
    } else {
      if (value.iban !== undefined) ctx.addIssue({ code: 'custom', path: ['iban'], message: donationMessages.ibanOnlyDirectDebit });
      if (value.mandato !== undefined) ctx.addIssue({ code: 'custom', path: ['mandato'], message: donationMessages.mandateOnlyDirectDebit });
      if (value.bic !== undefined || value.domicilioDeudor !== undefined)
        ctx.addIssue({ code: 'custom', path: ['bic'], message: donationMessages.bicOnlyDirectDebit });
    }
  });

/**
 * The bank data a SEPA debit to this account needs: a country of the SEPA schemes; a BIC, when given, of that
 * country; and for a bank outside the EEA (CH, GB, AD, MC, SM…) the BIC and the debtor's address, which its bank
 * requires. `/colabora` and the staff's form check the same.
 */
export function sepaDebtorIssues(iban: string, bic: string | undefined, address: DebtorAddress | undefined, ctx: z.RefinementCtx): void {
  const notSepa = sepaIbanProblem(iban);
  if (notSepa !== null) {
    ctx.addIssue({ code: 'custom', path: ['iban'], message: notSepa });
    return;
  }
  const bicIssue = bic !== undefined && bic !== '' ? bicProblem(bic, iban) : null;
  if (bicIssue !== null) ctx.addIssue({ code: 'custom', path: ['bic'], message: bicIssue });
  if (isNonEeaSepa(iban, bic)) {
    if (bic === undefined || bic === '') ctx.addIssue({ code: 'custom', path: ['bic'], message: sepaMessages.nonEeaNeedsBic });
    if (address === undefined) ctx.addIssue({ code: 'custom', path: ['domicilioDeudor'], message: sepaMessages.nonEeaNeedsAddress });
  }
}
export type FeeInput = z.input<typeof feeInputSchema>;
export type FeeValues = z.output<typeof feeInputSchema>;

/** `POST /api/cuotas/{id}/baja`. */
export const feeLeaveInputSchema = z.object({
  fecha: isoDate.describe('AAAA-MM-DD: último día de la cuota, no anterior a su inicio'),
  motivo: reason,
  version,
});
export type FeeLeaveInput = z.infer<typeof feeLeaveInputSchema>;

export const feeIdParamsSchema = z.object({ id: idParam });
export const giftIdParamsSchema = z.object({ id: idParam });

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(DONATIONS_PAGE_SIZE_MAX).default(DONATIONS_PAGE_SIZE_DEFAULT);

export const listFeesQuerySchema = z.object({
  tipo: z.enum(FEE_TYPES, { error: donationMessages.feeTypeInvalid }).optional(),
  estado: z.enum(FEE_STATES).optional(),
  mascotaId: idParam.optional(),
  personaId: idParam.optional(),
  requiereDecision: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional()
    .describe('true: solo los apadrinamientos cuya mascota fue adoptada o falleció, pendientes de hablar con el padrino'),
  page,
  pageSize,
});
export type ListFeesQuery = z.infer<typeof listFeesQuerySchema>;

/** `GET /api/cuotas.csv` and `.xlsx`: the list's filters, without paging. */
export const exportFeesQuerySchema = listFeesQuerySchema.omit({ page: true, pageSize: true });
export type ExportFeesQuery = z.infer<typeof exportFeesQuerySchema>;

/** What a public form said of its author that differs from the person's record: staff apply it with "Usar estos datos". */
export const SUBMITTED_IDENTITY_FIELDS = ['nif', 'codigoPostal', 'direccion'] as const;
export type SubmittedIdentityField = (typeof SUBMITTED_IDENTITY_FIELDS)[number];
export const identityDifferenceSchema = z.object({
  campo: z.enum(SUBMITTED_IDENTITY_FIELDS),
  enFicha: z.string().nullable().describe('Lo que guarda la ficha de la persona (null: nada)'),
  enviado: z.string().describe('Lo que escribió quien envió el formulario público'),
});
export type IdentityDifference = z.infer<typeof identityDifferenceSchema>;
const differencesField = z
  .array(identityDifferenceSchema)
  .describe(
    'Datos fiscales o de dirección enviados desde /colabora que difieren de la ficha de la persona: el formulario público nunca los escribe en la ficha; el equipo los aplica con POST …/usar-datos (un donativo anulado no tiene: se rechazó)',
  );

export const feeSchema = z.object({
  id: z.number().int(),
  persona: personRefSchema,
  tipo: z.enum(FEE_TYPES),
  importe: z.number().describe('Euros, con dos decimales como mucho'),
  importeCentimos: z.number().int(),
  periodicidad: z.enum(FEE_PERIODS),
  desde: z.string(),
  hasta: z.string().nullable().describe('Último día de la cuota (su baja), o null'),
  mascota: personRefSchema.nullable().describe('La mascota apadrinada'),
  metodoPago: z.enum(MONEY_METHODS),
  iban: z.string().nullable().describe('Enmascarado (ES91 **** **** **** **** 1332): nunca entero'),
  mandato: z.object({ referencia: z.string(), fechaFirma: z.string() }).nullable(),
  bic: z.string().nullable().describe('BIC del banco del titular, si se dio'),
  domicilioDeudor: debtorAddressSchema.nullable().describe('Domicilio del titular, si se dio (obligatorio fuera del EEE)'),
  estado: z.enum(FEE_STATES),
  bajaMotivo: z.string(),
  recibirNovedades: z.boolean().describe('Un padrino recibe por correo las novedades de su mascota (como mucho una por semana); false: no quiere'),
  requiereDecision: z
    .boolean()
    .describe('La mascota apadrinada fue adoptada o falleció: hay que preguntar al padrino si apadrina a otra o termina la cuota'),
  motivoDecision: z.enum(SPONSOR_DECISIONS).nullable(),
  diferencias: differencesField,
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Fee = z.infer<typeof feeSchema>;

export const feesResponseSchema = z.object({
  items: z.array(feeSchema),
  total: z.number().int(),
  importeMensual: z
    .number()
    .describe(
      'Lo que suman al mes, en euros, las cuotas activas que cumplen el filtro (la trimestral cuenta un tercio, la anual un doceavo), al céntimo',
    ),
  importeMensualCentimos: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type FeesResponse = z.infer<typeof feesResponseSchema>;

/** `PATCH /api/cuotas/{id}`: what staff change of a fee without ending it. */
export const feePatchInputSchema = z.object({
  recibirNovedades: z.boolean({ error: 'Indica si quiere recibir las novedades de su mascota.' }),
  version,
});
export type FeePatchInput = z.infer<typeof feePatchInputSchema>;

/** `POST /api/cuotas/{id}/mascota`: the sponsorship moves to another animal (with the person's consent). */
export const feePetInputSchema = z.object({
  mascotaId: id.describe('La nueva mascota apadrinada: ha de seguir en la protectora'),
  version,
});
export type FeePetInput = z.infer<typeof feePetInputSchema>;

/** `POST /api/donativos`. */
export const giftInputSchema = z.object({
  personaId: id.optional().describe('Sin persona: un donativo anónimo'),
  importe: amountSchema,
  fecha: isoDate.describe('AAAA-MM-DD, no futura (en la zona horaria de la organización)'),
  metodo: z.enum(MONEY_METHODS, { error: donationMessages.methodInvalid }),
  concepto: z.enum(GIFT_CONCEPTS, { error: donationMessages.conceptInvalid }),
  cuotaId: id.optional().describe('Una cuota de esa misma persona'),
  mascotaId: id.optional(),
  referencia: oneLineText().trim().max(GIFT_REFERENCE_MAX, donationMessages.referenceTooLong).optional().describe('Referencia del banco'),
  deducible: z
    .boolean({ error: donationMessages.deductibleRequired })
    .optional()
    .describe('Deducible según la Ley 49/2002 (sin contraprestación); por defecto, según el concepto: evento y otro no lo son'),
});
export type GiftInput = z.input<typeof giftInputSchema>;
export type GiftValues = z.output<typeof giftInputSchema>;

/** Whether a gift of a concept is deductible by default (Ley 49/2002 art. 24: a ticket or a fee paid for something is not a gift). */
export const deductibleByDefault = (concepto: GiftConcept): boolean => concepto !== 'evento' && concepto !== 'otro';

/** `PATCH /api/donativos/{id}`: what staff change of a gift (whether it is deductible), with its version. */
export const giftPatchInputSchema = z.object({
  deducible: z.boolean({ error: donationMessages.deductibleRequired }),
  version,
});
export type GiftPatchInput = z.infer<typeof giftPatchInputSchema>;

/** `POST /api/cuotas/{id}/usar-datos` and `POST /api/donativos/{id}/usar-datos`: apply what the public form said. */
export const useSubmittedDataInputSchema = z.object({
  campos: z
    .array(z.enum(SUBMITTED_IDENTITY_FIELDS))
    .min(1)
    .max(SUBMITTED_IDENTITY_FIELDS.length)
    .optional()
    .describe('Los campos que se aplican a la ficha de la persona; sin ellos, todos los que difieren'),
});
export type UseSubmittedDataInput = z.infer<typeof useSubmittedDataInputSchema>;

/** `POST /api/donativos/{id}/anular`. */
export const giftAnnulInputSchema = z.object({ motivo: reason, version });
/** `POST /api/donativos/{id}/confirmar`: a pending one-off gift (from /colabora) becomes registered. */
export const giftConfirmInputSchema = z.object({
  version,
  fecha: isoDate.optional().describe('AAAA-MM-DD: el día en que se cobró, no futuro; sin ella, la fecha con que llegó'),
});
export type GiftConfirmInput = z.infer<typeof giftConfirmInputSchema>;
/** `POST /api/donativos/{id}/devolucion`. */
export const giftReturnInputSchema = z.object({
  version,
  motivo: multiLineText()
    .trim()
    .max(MONEY_REASON_MAX, donationMessages.reasonTooLong)
    .optional()
    .describe('Por qué se devolvió (p. ej. el código del banco, MD06 o AM04): queda en el historial'),
});

const giftFilterSchema = z.object({
  desde: isoDate.optional(),
  hasta: isoDate.optional(),
  personaId: idParam.optional(),
  concepto: z.enum(GIFT_CONCEPTS, { error: donationMessages.conceptInvalid }).optional(),
  estado: z.enum(GIFT_STATES).optional(),
});
const rangeInOrder = (q: { desde?: string | undefined; hasta?: string | undefined }) => !q.desde || !q.hasta || q.desde <= q.hasta;
const rangeMessage = { message: donationMessages.rangeInvalid, path: ['hasta'] };

export const listGiftsQuerySchema = giftFilterSchema.extend({ page, pageSize }).refine(rangeInOrder, rangeMessage);
export type ListGiftsQuery = z.infer<typeof listGiftsQuerySchema>;

/** `GET /api/donativos.csv` and `.xlsx`: the list's filters, without paging. */
export const exportGiftsQuerySchema = giftFilterSchema.refine(rangeInOrder, rangeMessage);
export type ExportGiftsQuery = z.infer<typeof exportGiftsQuerySchema>;

export const giftSchema = z.object({
  id: z.number().int(),
  persona: personRefSchema.nullable().describe('null: un donativo anónimo'),
  importe: z.number().describe('Euros, con dos decimales como mucho'),
  importeCentimos: z.number().int(),
  fecha: z.string(),
  metodo: z.enum(MONEY_METHODS),
  concepto: z.enum(GIFT_CONCEPTS),
  cuotaId: z.number().int().nullable(),
  mascota: personRefSchema.nullable(),
  referencia: z.string(),
  estado: z.enum(GIFT_STATES),
  iban: z.string().nullable().describe('Solo en un donativo único domiciliado desde /colabora; enmascarado, nunca entero'),
  mandato: z.object({ referencia: z.string(), fechaFirma: z.string() }).nullable().describe('El mandato SEPA de un donativo único'),
  anuladoMotivo: z.string(),
  devueltoEn: z.string().nullable(),
  deducible: z.boolean().describe('Deducible (Ley 49/2002): solo los deducibles entran en el certificado y en el modelo 182'),
  recibido: z
    .boolean()
    .describe('Dinero recibido: registrado y con su fecha ya llegada (un cargo domiciliado cuenta desde el día de cobro; devuelto o anulado, nunca)'),
  diferencias: differencesField,
  version: z.number().int(),
  createdAt: z.string(),
});
export type Gift = z.infer<typeof giftSchema>;

export const giftsResponseSchema = z.object({
  items: z.array(giftSchema),
  total: z.number().int(),
  importeTotal: z
    .number()
    .describe(
      'Suma en euros del dinero recibido entre los donativos que cumplen el filtro: sin anulados, devueltos ni cargos con fecha de cobro futura',
    ),
  importeTotalCentimos: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GiftsResponse = z.infer<typeof giftsResponseSchema>;

/** `GET /api/fiscal/modelo-182` and its review: the year declared (2000 to the current one, checked by the server). */
export const modelo182QuerySchema = z.object({
  anio: z.coerce
    .number({ error: donationMessages.fiscalYearInvalid })
    .int(donationMessages.fiscalYearInvalid)
    .min(2000, donationMessages.fiscalYearInvalid)
    .max(9999, donationMessages.fiscalYearInvalid)
    .describe('Ejercicio declarado (AAAA)'),
});
export type Modelo182Query = z.infer<typeof modelo182QuerySchema>;

/** Why a donor of the year is left out of the modelo 182. */
export const MODELO_182_EXCLUSION_REASONS = ['sin_nif', 'sin_codigo_postal', 'anonimizada'] as const;
export type Modelo182ExclusionReason = (typeof MODELO_182_EXCLUSION_REASONS)[number];

export const modelo182IncludedSchema = z.object({
  persona: personRefSchema,
  nif: z.string(),
  naturaleza: z.enum(['F', 'J', 'E']).describe('F persona física, J jurídica, E entidad en régimen de atribución de rentas (CIF que empieza por E)'),
  provincia: z.string().describe('Dos cifras: las primeras del código postal, o 99 para quien reside en el extranjero'),
  pais: z.string().nullable().describe('País de residencia de un no residente (provincia 99)'),
  importe: z.number().describe('Euros del año, sin anulados ni devueltos'),
  importeCentimos: z.number().int(),
  recurrencia: z.union([z.literal(1), z.literal(2)]).describe('1: donó a la entidad los dos años anteriores sin bajar el importe; 2: no'),
});

export const modelo182ExcludedSchema = z.object({
  persona: personRefSchema,
  importe: z.number(),
  importeCentimos: z.number().int(),
  motivo: z.enum(MODELO_182_EXCLUSION_REASONS),
});

export const MODELO_182_DECLARATION_TYPES = ['normal', 'complementaria', 'sustitutiva'] as const;
export type Modelo182DeclarationType = (typeof MODELO_182_DECLARATION_TYPES)[number];

/** A modelo 182 presented to the AEAT (`POST /api/fiscal/modelo-182/presentaciones`). */
export const modelo182PresentationSchema = z.object({
  id: z.number().int(),
  anio: z.number().int(),
  presentadaEn: z.string().describe('AAAA-MM-DD'),
  justificante: z.string().describe('13 cifras, el número del justificante de la presentación'),
  tipo: z.enum(MODELO_182_DECLARATION_TYPES),
  justificanteAnterior: z.string().nullable(),
  numero: z.number().int().describe('Registros de tipo 2 presentados'),
  importeTotalCentimos: z.number().int(),
  presentadaPor: z.string().nullable().describe('Nombre de quien la anotó (null: ya no es usuario)'),
  createdAt: z.string(),
});
export type Modelo182Presentation = z.infer<typeof modelo182PresentationSchema>;

/** `POST /api/fiscal/modelo-182/presentaciones`: the year's file as produced now was presented on that day. */
export const modelo182PresentInputSchema = z.object({
  anio: z.number({ error: donationMessages.fiscalYearInvalid }).int(donationMessages.fiscalYearInvalid).min(2000).max(9999),
  presentadaEn: calendarDate(donationMessages.presentationDateInvalid).describe('AAAA-MM-DD, no futura'),
  justificante: oneLineText({ error: donationMessages.justificanteInvalid })
    .trim()
    .regex(/^182\d{10}$/, donationMessages.justificanteInvalid)
    .describe('El número de justificante que la AEAT da a la presentación (13 cifras que empiezan por 182)'),
});
export type Modelo182PresentInput = z.infer<typeof modelo182PresentInputSchema>;

/** What changed since the last presentation of the year, and what the file produced now is. */
export const modelo182ChangeSchema = z.object({
  tipo: z
    .enum(['complementaria', 'sustitutiva'])
    .describe('complementaria: solo se añaden donantes omitidos; sustitutiva: cambia o desaparece alguno ya declarado'),
  justificanteAnterior: z.string(),
  altas: z.number().int().describe('Donantes que no estaban en la presentación anterior'),
  cambios: z.number().int().describe('Donantes declarados cuyo importe cambió'),
  bajas: z.number().int().describe('Donantes declarados que ya no lo están (p. ej. donativos anulados)'),
});

/** `GET /api/fiscal/modelo-182/revision`: who goes into the file and who is left out, and why. */
export const modelo182ReviewSchema = z.object({
  anio: z.number().int(),
  incluidos: z.array(modelo182IncludedSchema),
  excluidos: z.array(modelo182ExcludedSchema),
  totalCentimos: z.number().int().describe('Suma en céntimos de los incluidos: la del registro de tipo 1'),
  presentaciones: z.array(modelo182PresentationSchema).describe('Las presentaciones del ejercicio, la más antigua primero'),
  cambio: modelo182ChangeSchema
    .nullable()
    .describe(
      'Presentado el ejercicio, lo que cambió desde entonces: el archivo que se descarga es entonces una declaración complementaria o sustitutiva; null: sin presentar, o sin cambios',
    ),
});
export type Modelo182Review = z.infer<typeof modelo182ReviewSchema>;

/** `GET /api/personas/{id}/certificado-donaciones?anio=`. */
export const donationCertificateQuerySchema = modelo182QuerySchema;

/** `POST /api/certificados-donaciones/enviar`. */
export const sendCertificatesInputSchema = z.object({
  anio: z
    .number({ error: donationMessages.fiscalYearInvalid })
    .int(donationMessages.fiscalYearInvalid)
    .min(2000, donationMessages.fiscalYearInvalid)
    .max(9999, donationMessages.fiscalYearInvalid)
    .describe('Año de los donativos certificados (AAAA)'),
});
export type SendCertificatesInput = z.infer<typeof sendCertificatesInputSchema>;

export const sendCertificatesResponseSchema = z.object({
  anio: z.number().int(),
  programados: z.number().int().describe('Certificados que se enviarán ahora (uno por persona; los ya programados o enviados no se repiten)'),
  yaProgramados: z.number().int().describe('Personas cuyo certificado de ese año ya estaba programado o enviado'),
  excluidos: z
    .array(z.object({ persona: personRefSchema, motivo: z.enum(['sin_nif', 'sin_email', 'sin_consentimiento', 'anonimizada']) }))
    .describe('Donantes del año a quienes no se envía, y por qué'),
});
export type SendCertificatesResponse = z.infer<typeof sendCertificatesResponseSchema>;
