/*
 * The words and limits of members' fees, sponsorships and gifts (DESIGN section 15), without zod: the server, the
 * screens and the public pages share them.
 */

export const FEE_TYPES = ['socio', 'padrino'] as const;
export type FeeType = (typeof FEE_TYPES)[number];

export const FEE_PERIODS = ['mensual', 'trimestral', 'semestral', 'anual'] as const;
export type FeePeriod = (typeof FEE_PERIODS)[number];

/** How money reaches the organisation: a fee's `metodoPago`, a gift's `metodo`. */
export const MONEY_METHODS = ['domiciliacion', 'transferencia', 'bizum', 'tarjeta', 'efectivo'] as const;
export type MoneyMethod = (typeof MONEY_METHODS)[number];

export const FEE_STATES = ['activa', 'pendiente', 'baja'] as const;
export type FeeState = (typeof FEE_STATES)[number];

export const GIFT_CONCEPTS = ['cuota', 'apadrinamiento', 'donativo', 'teaming', 'evento', 'otro'] as const;
export type GiftConcept = (typeof GIFT_CONCEPTS)[number];

/** `pendiente`: a one-off gift promised on /colabora with a SEPA mandate, not yet confirmed by staff (it counts nowhere). */
export const GIFT_STATES = ['registrado', 'anulado', 'devuelto', 'pendiente'] as const;
export type GiftState = (typeof GIFT_STATES)[number];

/** The largest amount one fee or gift may have, in euros (and in cents). */
export const MONEY_MAX_EUROS = 1_000_000;
export const MONEY_MAX_CENTS = MONEY_MAX_EUROS * 100;
/** A SEPA mandate reference (AT-01) has at most 35 characters. */
export const MANDATE_REFERENCE_MAX = 35;
export const GIFT_REFERENCE_MAX = 140;
export const MONEY_REASON_MAX = 500;
export const DONATIONS_PAGE_SIZE_DEFAULT = 25;
export const DONATIONS_PAGE_SIZE_MAX = 100;
/** The most rows one export of fees or gifts (.csv, .xlsx) holds. */
export const DONATIONS_EXPORT_MAX_ROWS = 10_000;

export const feeTypeLabels: Record<FeeType, string> = { socio: 'Socio', padrino: 'Padrino' };
export const feePeriodLabels: Record<FeePeriod, string> = {
  mensual: 'Mensual',
  trimestral: 'Trimestral',
  semestral: 'Semestral',
  anual: 'Anual',
};
export const moneyMethodLabels: Record<MoneyMethod, string> = {
  domiciliacion: 'Domiciliación bancaria',
  transferencia: 'Transferencia',
  bizum: 'Bizum',
  tarjeta: 'Tarjeta',
  efectivo: 'Efectivo',
};
export const feeStateLabels: Record<FeeState, string> = { activa: 'Activa', pendiente: 'Pendiente', baja: 'De baja' };
export const giftConceptLabels: Record<GiftConcept, string> = {
  cuota: 'Cuota',
  apadrinamiento: 'Apadrinamiento',
  donativo: 'Donativo',
  teaming: 'Teaming',
  evento: 'Evento',
  otro: 'Otro',
};
export const giftStateLabels: Record<GiftState, string> = {
  registrado: 'Registrado',
  anulado: 'Anulado',
  devuelto: 'Devuelto',
  pendiente: 'Pendiente',
};

export const donationMessages = {
  amountInvalid: `Escribe un importe en euros mayor que 0 y de como mucho ${MONEY_MAX_EUROS.toLocaleString('es-ES')} €, con dos decimales como mucho (12,50).`,
  dateInvalid: 'Escribe una fecha válida (AAAA-MM-DD).',
  dateInFuture: 'La fecha no puede ser futura.',
  feeTypeInvalid: 'Elige socio o padrino.',
  periodInvalid: 'Elige la periodicidad de la lista.',
  methodInvalid: 'Elige la forma de pago de la lista.',
  conceptInvalid: 'Elige el concepto de la lista.',
  petRequired: 'Elige la mascota que apadrina.',
  petNotFound: 'La mascota no existe o está eliminada.',
  ibanRequired: 'La domiciliación necesita el IBAN de la cuenta.',
  ibanOnlyDirectDebit: 'Solo la domiciliación lleva IBAN.',
  mandateRequired: 'La domiciliación necesita el mandato SEPA firmado: su referencia y la fecha de firma.',
  mandateOnlyDirectDebit: 'Solo la domiciliación lleva mandato SEPA.',
  mandateReferenceInvalid: `La referencia del mandato ha de tener entre 1 y ${MANDATE_REFERENCE_MAX} caracteres.`,
  mandateReferenceCharacters: "La referencia del mandato solo admite letras sin acento, cifras y / - ? : ( ) . , ' +, sin espacios (reglas SEPA).",
  mandateReferenceSlash: 'La referencia del mandato no puede empezar ni acabar por / ni contener //.',
  mandateReferenceTaken: (ref: string) =>
    `La referencia de mandato «${ref}» ya es de otro mandato: cada mandato SEPA tiene la suya, o el banco tomaría dos cobros por uno solo. Usa otra.`,
  debtorAddressInvalid: 'Escribe la dirección y la localidad del titular (como mucho 70 caracteres cada una) y su país.',
  bicOnlyDirectDebit: 'Solo la domiciliación lleva BIC y domicilio del titular.',
  mandateSignedInFuture: 'La fecha de firma del mandato no puede ser futura.',
  referenceTooLong: `La referencia no puede superar los ${GIFT_REFERENCE_MAX} caracteres.`,
  reasonRequired: 'Escribe el motivo.',
  reasonTooLong: `El motivo no puede superar los ${MONEY_REASON_MAX} caracteres.`,
  leaveBeforeStart: 'La fecha de baja no puede ser anterior al inicio de la cuota.',
  feeNotFound: 'La cuota no existe.',
  feeAlreadyLeft: 'Esta cuota ya está dada de baja.',
  feeStale: 'Otra persona cambió esta cuota mientras la editabas. Recarga para ver los cambios.',
  feeNeedsPerson: 'Una cuota solo se puede indicar junto con la persona que la paga.',
  feeOfAnotherPerson: 'La cuota no es de esta persona.',
  giftNotFound: 'El donativo no existe.',
  giftAlreadyAnnulled: 'Este donativo ya está anulado.',
  giftAlreadyReturned: 'Este donativo ya está devuelto.',
  giftNotDirectDebit: 'Solo se registra la devolución de un cobro domiciliado.',
  giftPending: 'Este donativo está pendiente: confírmalo o anúlalo.',
  giftStale: 'Otra persona cambió este donativo mientras lo editabas. Recarga para ver los cambios.',
  rangeInvalid: 'La fecha «hasta» no puede ser anterior a «desde».',
  fiscalYearInvalid: 'Elige un año entre 2000 y el actual.',
  organizationNifMissing: 'Falta el NIF de la entidad en Configuración.',
  organizationPhoneMissing:
    'Falta el teléfono de la entidad en Configuración: el modelo 182 lo pide como teléfono de contacto (9 cifras, sin prefijo o con +34).',
  organizationNameMissing: 'Falta el nombre de la entidad en Configuración.',
  notLey49:
    'La entidad no está marcada como acogida a la Ley 49/2002 en Configuración: sus donativos no dan derecho a deducción y no se emite el certificado.',
  personNotFound: 'La persona no existe.',
  donorWithoutNif: 'Esta persona no tiene un NIF válido: el certificado de donaciones lo necesita. Añádelo en su ficha.',
  donorAnonymised: 'Esta persona está anonimizada: no se emite su certificado.',
  noGiftsInYear: (anio: number) => `Esta persona no tiene donativos registrados en ${anio} (sin contar los anulados ni los devueltos).`,
  notSponsorship: 'Solo un apadrinamiento (cuota de padrino) tiene mascota.',
  feeLeft: 'Esta cuota está dada de baja.',
  samePet: 'La cuota ya apadrina a esta mascota.',
  petNotAvailable: 'Elige una mascota que siga en la protectora: esta ya fue adoptada, trasladada o falleció.',
  deductibleRequired: 'Indica si el donativo es deducible.',
  giftNotDeductibleChange: 'Solo se cambia si es deducible un donativo registrado o pendiente.',
  noSubmittedData: 'No hay datos enviados en el formulario que difieran de la ficha de la persona.',
  submittedDataAnnulled: 'Este donativo está anulado: lo que dijo el formulario no se usa en la ficha de la persona.',
  submittedNifInvalid: 'El NIF enviado en el formulario no es válido: corrígelo a mano en la ficha de la persona.',
  presentationDateInvalid: 'La fecha de presentación no puede ser futura ni anterior al año siguiente al ejercicio.',
  justificanteInvalid: 'El número de justificante son 13 cifras que empiezan por 182.',
  justificanteTaken: 'Ya hay una presentación con este número de justificante.',
  presentationUnchanged: 'Nada ha cambiado desde la última presentación de este ejercicio: no hay nada que volver a presentar.',
  presentationNothingToDeclare: 'No hay ningún donante que declarar en este ejercicio.',
} as const;

/** Why staff must talk to a sponsor before anything changes: their animal was adopted or died. */
export const SPONSOR_DECISIONS = ['adopcion', 'fallecimiento'] as const;
export type SponsorDecision = (typeof SPONSOR_DECISIONS)[number];
export const sponsorDecisionLabels: Record<SponsorDecision, string> = {
  adopcion: 'Su mascota ha sido adoptada',
  fallecimiento: 'Su mascota ha fallecido',
};

/**
 * Integer cents as Spanish writes euros, from the integer itself (never a float): 123456 -> '1.234,56 €' (the dot
 * groups thousands from 1.000 on, as a certificate or a bank statement writes them).
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')} €`;
}
