/*
 * The adoption documents' kinds, labels, limits and Spanish messages, without zod: the public signing page
 * (`/firmar/{token}`) imports these and nothing else of the contract, so its bundle stays free of the schemas'
 * runtime. `documents.ts` re-exports them.
 */

export const DOCUMENT_TYPES = ['contrato_adopcion', 'acta_devolucion', 'contrato_cesion', 'acuerdo_voluntariado', 'contrato_acogida'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_STATES = ['borrador', 'enviado', 'firmado', 'anulado'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

export const documentStateLabels: Record<DocumentState, string> = {
  borrador: 'Preparado',
  enviado: 'Enviado para firmar',
  firmado: 'Firmado',
  anulado: 'Anulado',
};
export const documentTypeLabels: Record<DocumentType, string> = {
  contrato_adopcion: 'Contrato de adopción',
  acta_devolucion: 'Acta de devolución',
  contrato_cesion: 'Contrato de cesión',
  acuerdo_voluntariado: 'Acuerdo de voluntariado',
  contrato_acogida: 'Contrato de acogida',
};
/** The heading over the signature box of each document's PDF: who signs it. */
export const documentSignatureLabels: Record<DocumentType, string> = {
  contrato_adopcion: 'Firma de la persona adoptante',
  acta_devolucion: 'Firma de la persona adoptante',
  contrato_cesion: 'Firma de la persona cedente',
  acuerdo_voluntariado: 'Firma de la persona voluntaria',
  contrato_acogida: 'Firma de la persona de acogida',
};
/** The documents a person signs for themselves (no pet, no request): prepared from the person's volunteer section. */
export const PERSON_DOCUMENT_TYPES = ['acuerdo_voluntariado', 'contrato_acogida'] as const;
export type PersonDocumentType = (typeof PERSON_DOCUMENT_TYPES)[number];

export const PAYMENT_METHODS = ['transferencia', 'bizum', 'efectivo', 'tarjeta', 'exento'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  transferencia: 'Transferencia bancaria',
  bizum: 'Bizum',
  efectivo: 'Efectivo',
  tarjeta: 'Tarjeta',
  exento: 'Exento de cuota',
};

/** Signature links, codes and the drawn signature. */
export const SIGNATURE_LIMITS = {
  linkDays: 14,
  codeMinutes: 15,
  codesPerHour: 5,
  wrongCodes: 5,
  /** The PNG data URL as sent (base64 grows the bytes by a third). */
  signatureBytes: 200 * 1024,
  signatureMaxWidth: 3000,
  signatureMaxHeight: 1500,
  signatureMinWidth: 40,
  signatureMinHeight: 20,
  nameMax: 200,
  /** Public requests per link and hour (beside the address's budget). */
  requestsPerHour: 60,
} as const;

export const FEE_MAX = 100_000;

export const documentMessages = {
  notFound: 'Ese documento no existe.',
  personDocumentType: 'Elige el acuerdo de voluntariado o el contrato de acogida.',
  personNotFound: 'Esa persona no existe o sus datos se han borrado.',
  surrenderNotFound: 'Esa solicitud de cesión no existe.',
  surrenderNotAccepted: 'Solo se prepara el contrato de una cesión aceptada.',
  surrenderSignedExists: 'El contrato de cesión ya está firmado: no se puede preparar otro.',
  requestNotFound: 'Esa solicitud de adopción no existe.',
  requestNotApproved: 'Solo se puede preparar el contrato de una solicitud aprobada.',
  requestWithoutPerson: 'La solicitud no está vinculada a ninguna persona todavía: vuelve a intentarlo en unos minutos.',
  alreadySigned: 'Este contrato ya está firmado.',
  signedExists: 'Esta adopción ya tiene un contrato firmado: no se prepara otro.',
  annulled: 'Este contrato está anulado.',
  cannotAnnulSigned: 'Un contrato firmado no se puede anular.',
  actaAlreadySigned: 'Esta acta ya está firmada.',
  actaAnnulled: 'Esta acta está anulada.',
  actaCannotAnnulSigned: 'Un acta firmada no se puede anular.',
  linkNotFound: 'Este enlace no existe o ya no es válido. Pide a la organización que te envíe uno nuevo.',
  linkExpired: (org: string) => `Este enlace para firmar ha caducado (los enlaces valen 14 días). Pide a ${org} que te envíe uno nuevo.`,
  linkLocked: (org: string) =>
    `Este enlace se ha bloqueado tras 5 códigos incorrectos. Pide a ${org} que te envíe uno nuevo o que firméis en persona.`,
  noEmail: 'Esta persona no tiene correo electrónico: no se le puede enviar un código. Podéis firmar en persona.',
  noPhone: 'Esta persona no tiene teléfono: no se le puede escribir por WhatsApp.',
  mailNotConfigured:
    'El correo de la organización no está configurado, así que no podemos enviarte el código. Pide a la organización que firméis en persona.',
  tooManyCodes: 'Has pedido 5 códigos en la última hora. Espera un poco antes de pedir otro.',
  tooManyRequests: 'Demasiadas peticiones con este enlace. Espera un poco y vuelve a intentarlo.',
  noCode: 'Pide primero un código: te lo enviaremos por correo.',
  codeExpired: 'El código ha caducado (vale 15 minutos). Pide uno nuevo.',
  codeWrong: (left: number) =>
    left === 1 ? 'El código no es correcto. Te queda 1 intento.' : `El código no es correcto. Te quedan ${left} intentos.`,
  codeFormat: 'El código tiene 6 cifras.',
  nameRequired: 'Escribe tu nombre completo.',
  nameTooLong: `El nombre admite hasta ${SIGNATURE_LIMITS.nameMax} caracteres.`,
  nameInvalid: 'El nombre tiene caracteres no válidos.',
  acceptRequired: 'Marca que aceptas el contrato para firmarlo.',
  signatureRequired: 'Dibuja tu firma.',
  signatureTooLarge: 'La firma es demasiado grande (máximo 200 KB).',
  signatureInvalid: 'La firma ha de ser una imagen PNG válida.',
  signatureSize: 'La imagen de la firma tiene un tamaño que no se admite.',
  feeStale: 'Otra persona ha cambiado la cuota mientras la editabas. Recarga para ver sus cambios.',
  feeInvalid: `La cuota ha de ser un importe entre 0 y ${FEE_MAX - 1} € con hasta 2 decimales.`,
  feeExempt: 'Si la adopción está exenta, la cuota es 0.',
  referenceTooLong: 'La referencia admite hasta 200 caracteres.',
  channelInvalid: 'Elige correo o WhatsApp.',
  fileMissing: 'El archivo del documento no está disponible.',
  movementNotFound: 'Ese movimiento no existe en esta mascota.',
  movementNotReturn: 'Solo se prepara un acta de devolución para una devolución con una persona.',
  returnPersonGone: 'La persona de esta devolución ya no está disponible (sus datos se anonimizaron): no se puede preparar el acta.',
  returnSignedExists: 'Esta devolución ya tiene un acta firmada: no se prepara otra.',
} as const;
