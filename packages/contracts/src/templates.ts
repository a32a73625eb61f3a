import { z } from 'zod';
import { clearableFiscalField, fiscalIdSchema, fiscalMessages, ibanSchema, sepaCreditorIdSchema } from './fiscal';
import { PET_TYPES, type PetType } from './pet-kinds';
import { multiLineText, oneLineText } from './text';

/*
 * Message templates and messages (DESIGN section 10): the keys, the variables each key accepts, the Spanish
 * defaults that ship, and the wire shapes of `/api/plantillas` and `/api/mensajes`.
 */

export const TEMPLATE_KEYS = [
  'solicitud_recibida',
  'solicitud_en_revision',
  'solicitud_aprobada',
  'solicitud_rechazada',
  'solicitud_retirada',
  'registro_recibido',
  'registro_aprobado',
  'registro_rechazado',
  'acogida_enlace',
  'contrato_firmar',
  'contrato_firmado',
  'codigo_verificacion',
  'seguimiento',
  'recordatorio_obligacion',
  'contrato_adopcion',
  'acta_devolucion',
  'acta_firmar',
  'acta_firmada',
  'certificado_donaciones',
  'padrino_novedad',
  'padrino_cambio',
  'colabora_mandato',
  'colabora_privacidad',
  'acuerdo_voluntariado',
  'contrato_acogida',
  'turno_recordatorio',
  'busco_acogida',
  'contrato_cesion',
  'documento_firmar',
  'documento_firmado',
  'cesion_lista_espera',
  'cesion_aceptada',
  'cesion_rechazada',
  'cesion_retirada',
] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];

/** What each variable means, shown beside the editor. */
export const TEMPLATE_VARIABLE_LABELS = {
  'organizacion.nombre': 'Nombre de la organización',
  'organizacion.email': 'Correo de la organización',
  'organizacion.telefono': 'Teléfono de la organización',
  'organizacion.web': 'Web de la organización',
  'organizacion.direccion': 'Dirección de la organización',
  'organizacion.nif': 'NIF de la organización (Configuración)',
  'persona.nombre': 'Nombre de la persona',
  'mascota.nombre': 'Nombre de la mascota',
  'solicitud.estado': 'Estado de la solicitud',
  'solicitud.numero': 'Número de la solicitud',
  'registro.numero': 'Número del registro',
  'registro.motivo': 'Motivo del rechazo',
  enlace: 'Enlace que recibe la persona',
  vencimiento: 'Fecha en que vence el enlace',
  codigo: 'Código de verificación',
  'obligacion.descripcion': 'Qué hay que hacer',
  'obligacion.fecha': 'Para cuándo',
  'persona.apellidos': 'Apellidos de la persona',
  'persona.documento': 'DNI, NIE o pasaporte de la persona',
  'persona.email': 'Correo de la persona',
  'persona.telefono': 'Teléfono de la persona',
  'persona.direccion': 'Dirección de la persona',
  'persona.ciudad': 'Ciudad de la persona',
  'mascota.especie': 'Especie de la mascota',
  'mascota.raza': 'Raza de la mascota',
  'mascota.sexo': 'Sexo de la mascota',
  'mascota.fechaNacimiento': 'Fecha de nacimiento de la mascota',
  'mascota.microchip': 'Microchip de la mascota',
  'mascota.edad': 'Edad de la mascota',
  'documento.titulo': 'Título del documento',
  'mascota.sinEsterilizar': 'Sección {{#mascota.sinEsterilizar}}…{{/mascota.sinEsterilizar}}: solo si la mascota no está esterilizada',
  'adopcion.cuota': 'Cuota de adopción (150,00 €)',
  'adopcion.metodoPago': 'Método de pago de la cuota',
  fecha: 'Fecha del contrato',
  'devolucion.fecha': 'Fecha de la devolución',
  'devolucion.motivo': 'Motivo de la devolución',
  'certificado.anio': 'Año de los donativos certificados',
  'certificado.importe': 'Total donado ese año (1.234,56 €)',
  'padrino.novedades': 'Las novedades de la mascota desde el último correo, con su fecha',
  'padrino.fotos': 'Cuántas fotos nuevas tiene la mascota',
  'padrino.cambio': 'Qué le ha pasado a la mascota (adoptada o fallecida)',
  'turno.tarea': 'Tarea del turno de voluntariado',
  'turno.fecha': 'Día del turno',
  'turno.hora': 'Hora de inicio y fin del turno',
  'turno.lugar': 'Lugar del turno',
} as const;
export type TemplateVariable = keyof typeof TEMPLATE_VARIABLE_LABELS;

const COMMON: TemplateVariable[] = [
  'persona.nombre',
  'organizacion.nombre',
  'organizacion.email',
  'organizacion.telefono',
  'organizacion.web',
  'organizacion.direccion',
];
/** The public page's texts (/colabora): written before any person exists, so only the organisation's data. */
const ORGANIZATION_ONLY: TemplateVariable[] = COMMON.filter((v) => v.startsWith('organizacion.'));
const APPLICATION: TemplateVariable[] = [...COMMON, 'mascota.nombre', 'solicitud.estado', 'solicitud.numero'];
const REGISTRATION: TemplateVariable[] = [...COMMON, 'mascota.nombre', 'registro.numero'];
/** A surrender request's messages to the owner: the animal's name and the request's number. */
const SURRENDER: TemplateVariable[] = [...COMMON, 'mascota.nombre', 'solicitud.numero'];

/** The variables each key accepts; any other refuses the save. */
export const TEMPLATE_VARIABLES: Record<TemplateKey, readonly TemplateVariable[]> = {
  solicitud_recibida: APPLICATION,
  solicitud_en_revision: APPLICATION,
  solicitud_aprobada: APPLICATION,
  solicitud_rechazada: APPLICATION,
  solicitud_retirada: APPLICATION,
  registro_recibido: REGISTRATION,
  registro_aprobado: REGISTRATION,
  registro_rechazado: [...REGISTRATION, 'registro.motivo'],
  acogida_enlace: [...COMMON, 'mascota.nombre', 'enlace', 'vencimiento'],
  contrato_firmar: [...COMMON, 'mascota.nombre', 'enlace'],
  contrato_firmado: [...COMMON, 'mascota.nombre', 'enlace'],
  acta_firmar: [...COMMON, 'mascota.nombre', 'enlace'],
  acta_firmada: [...COMMON, 'mascota.nombre', 'enlace'],
  codigo_verificacion: [...COMMON, 'codigo'],
  seguimiento: [...COMMON, 'mascota.nombre', 'enlace'],
  recordatorio_obligacion: [...COMMON, 'mascota.nombre', 'obligacion.descripcion', 'obligacion.fecha'],
  contrato_adopcion: [
    ...COMMON,
    'persona.apellidos',
    'persona.documento',
    'persona.email',
    'persona.telefono',
    'persona.direccion',
    'persona.ciudad',
    'mascota.nombre',
    'mascota.especie',
    'mascota.raza',
    'mascota.sexo',
    'mascota.fechaNacimiento',
    'mascota.microchip',
    'mascota.sinEsterilizar',
    'adopcion.cuota',
    'adopcion.metodoPago',
    'fecha',
  ],
  certificado_donaciones: [...COMMON, 'certificado.anio', 'certificado.importe'],
  padrino_novedad: [...COMMON, 'mascota.nombre', 'padrino.novedades', 'padrino.fotos'],
  padrino_cambio: [...COMMON, 'mascota.nombre', 'padrino.cambio'],
  colabora_mandato: ORGANIZATION_ONLY,
  colabora_privacidad: ORGANIZATION_ONLY,
  acuerdo_voluntariado: [...COMMON, 'persona.apellidos', 'persona.documento', 'persona.direccion', 'persona.ciudad', 'fecha'],
  contrato_acogida: [
    ...COMMON,
    'persona.apellidos',
    'persona.documento',
    'persona.direccion',
    'persona.ciudad',
    'mascota.nombre',
    'mascota.especie',
    'mascota.microchip',
    'fecha',
  ],
  turno_recordatorio: [...COMMON, 'turno.tarea', 'turno.fecha', 'turno.hora', 'turno.lugar', 'enlace'],
  busco_acogida: [...COMMON, 'mascota.nombre', 'enlace', 'vencimiento'],
  contrato_cesion: [
    ...COMMON,
    'organizacion.nif',
    'persona.apellidos',
    'persona.documento',
    'persona.email',
    'persona.telefono',
    'mascota.nombre',
    'mascota.especie',
    'mascota.sexo',
    'mascota.edad',
    'mascota.microchip',
    'fecha',
  ],
  documento_firmar: [...COMMON, 'documento.titulo', 'enlace'],
  documento_firmado: [...COMMON, 'documento.titulo', 'enlace'],
  cesion_lista_espera: SURRENDER,
  cesion_aceptada: SURRENDER,
  cesion_rechazada: SURRENDER,
  cesion_retirada: SURRENDER,
  acta_devolucion: [
    ...COMMON,
    'persona.apellidos',
    'persona.documento',
    'persona.email',
    'persona.telefono',
    'persona.direccion',
    'persona.ciudad',
    'mascota.nombre',
    'mascota.especie',
    'mascota.raza',
    'mascota.sexo',
    'mascota.fechaNacimiento',
    'mascota.microchip',
    'devolucion.fecha',
    'devolucion.motivo',
    'fecha',
  ],
};

/**
 * The Mustache sections (`{{#name}}…{{/name}}`, `{{^name}}…{{/name}}`) a key admits beyond its own variables: every
 * key admits a section on each variable it accepts (so a clause can drop when its value is empty); these are
 * sections that are not values (the contract's "only when not sterilised").
 */
export const TEMPLATE_SECTIONS: Partial<Record<TemplateKey, readonly TemplateVariable[]>> = {
  contrato_adopcion: ['mascota.sinEsterilizar'],
};

/** Keys without a subject (a document, not a message): their subject is saved empty. */
export const TEMPLATE_KEYS_WITHOUT_SUBJECT: readonly TemplateKey[] = [
  'contrato_adopcion',
  'acta_devolucion',
  'colabora_mandato',
  'colabora_privacidad',
  'acuerdo_voluntariado',
  'contrato_acogida',
  'contrato_cesion',
];

/** What a message written from the person page fills: the person's name and the organisation's data, no pet. */
export const PERSON_TEMPLATE_VARIABLES: readonly TemplateVariable[] = COMMON;

/**
 * The keys a context filling `variables` can send whole as a message: every variable the key accepts has a value
 * there, and the key is a message (documents and page texts, without a subject, are never sent from a dialog).
 */
export function templateKeysFilledBy(variables: readonly TemplateVariable[]): TemplateKey[] {
  return TEMPLATE_KEYS.filter((key) => !TEMPLATE_KEYS_WITHOUT_SUBJECT.includes(key) && TEMPLATE_VARIABLES[key].every((v) => variables.includes(v)));
}

/** How the list names each key. */
export const TEMPLATE_TITLES: Record<TemplateKey, string> = {
  solicitud_recibida: 'Solicitud de adopción recibida',
  solicitud_en_revision: 'Solicitud de adopción en revisión',
  solicitud_aprobada: 'Solicitud de adopción aprobada',
  solicitud_rechazada: 'Solicitud de adopción rechazada',
  solicitud_retirada: 'Solicitud de adopción retirada',
  registro_recibido: 'Registro de mascota recibido',
  registro_aprobado: 'Registro de mascota aprobado',
  registro_rechazado: 'Registro de mascota rechazado',
  acogida_enlace: 'Enlace para una casa de acogida',
  contrato_firmar: 'Contrato para firmar',
  contrato_firmado: 'Contrato firmado',
  codigo_verificacion: 'Código de verificación',
  seguimiento: 'Seguimiento tras la adopción',
  recordatorio_obligacion: 'Recordatorio de una obligación',
  contrato_adopcion: 'Contrato de adopción',
  acta_devolucion: 'Acta de devolución',
  acta_firmar: 'Acta de devolución para firmar',
  acta_firmada: 'Acta de devolución firmada',
  certificado_donaciones: 'Certificado de donaciones',
  padrino_novedad: 'Novedades para un padrino',
  padrino_cambio: 'Cambio en un apadrinamiento (adopción o fallecimiento)',
  colabora_mandato: 'Colabora: orden de domiciliación SEPA',
  colabora_privacidad: 'Colabora: aviso de privacidad',
  acuerdo_voluntariado: 'Acuerdo de voluntariado',
  contrato_acogida: 'Contrato de acogida',
  turno_recordatorio: 'Recordatorio de un turno de voluntariado',
  busco_acogida: 'Busco acogida: una mascota necesita casa',
  contrato_cesion: 'Contrato de cesión',
  documento_firmar: 'Documento para firmar (cesión, voluntariado, acogida)',
  documento_firmado: 'Documento firmado (cesión, voluntariado, acogida)',
  cesion_lista_espera: 'Cesión: en lista de espera',
  cesion_aceptada: 'Cesión: aceptada',
  cesion_rechazada: 'Cesión: no podemos acogerlo',
  cesion_retirada: 'Cesión: solicitud cerrada',
};

/** Keys sent by the server by itself (when active); the others are sent by the features that use them. */
export const AUTOMATIC_TEMPLATE_KEYS: readonly TemplateKey[] = [
  'solicitud_recibida',
  'solicitud_en_revision',
  'solicitud_aprobada',
  'solicitud_rechazada',
  'solicitud_retirada',
  'registro_recibido',
  'registro_aprobado',
  'registro_rechazado',
];

/*
 * Every message reads well with the data it may lack: a clause that needs a value sits in a section of that value
 * (`{{#mascota.nombre}} a {{mascota.nombre}}{{/mascota.nombre}}`), so an empty one drops the clause, not a word.
 */
const HELLO = 'Hola{{#persona.nombre}}, {{persona.nombre}}{{/persona.nombre}}:\n\n';
const SIGNATURE =
  '\n\nUn abrazo{{#organizacion.nombre}},\n{{organizacion.nombre}}{{/organizacion.nombre}}{{^organizacion.nombre}}.{{/organizacion.nombre}}';
/** ' a Luna' (a preposition and the pet's name), or nothing when there is no pet. */
const pet = (preposition: string) => `{{#mascota.nombre}} ${preposition} {{mascota.nombre}}{{/mascota.nombre}}`;
/** 'tu solicitud para adoptar a Luna', or 'tu solicitud de adopción' when there is no pet. */
const REQUEST =
  'tu solicitud{{#mascota.nombre}} para adoptar a {{mascota.nombre}}{{/mascota.nombre}}{{^mascota.nombre}} de adopción{{/mascota.nombre}}';

/** 'tu solicitud de cesión de Toby', or 'tu solicitud de cesión' when there is no name. */
const SURRENDER_REQUEST = 'tu solicitud de cesión{{#mascota.nombre}} de {{mascota.nombre}}{{/mascota.nombre}}';
/** ' (nº 12)', or nothing. */
const SURRENDER_NUMBER = '{{#solicitud.numero}} (nº {{solicitud.numero}}){{/solicitud.numero}}';

/** The volunteer agreement that ships (Markdown; Ley 45/2015 de Voluntariado, art. 12). */
const VOLUNTEER_AGREEMENT_DEFAULT = `# Acuerdo de incorporación al voluntariado

Fecha: {{fecha}}.

## Reunidos

De una parte, {{#organizacion.nombre}}{{organizacion.nombre}}{{/organizacion.nombre}}{{^organizacion.nombre}}la asociación{{/organizacion.nombre}}{{#organizacion.direccion}}, con domicilio en {{organizacion.direccion}}{{/organizacion.direccion}} (en adelante, la entidad).

De otra, {{persona.nombre}} {{persona.apellidos}}{{#persona.documento}}, con documento {{persona.documento}}{{/persona.documento}}{{#persona.direccion}}, con domicilio en {{persona.direccion}}{{#persona.ciudad}} ({{persona.ciudad}}){{/persona.ciudad}}{{/persona.direccion}} (en adelante, la persona voluntaria).

## Acuerdan

1. La persona voluntaria se incorpora libremente y sin retribución a las actividades de la entidad, conforme a la Ley 45/2015, de 14 de octubre, de Voluntariado.
2. Las tareas, los turnos y el tiempo de dedicación se acordarán entre ambas partes; la persona voluntaria se apunta a los turnos que elige y avisa si no puede acudir.
3. La entidad ofrece la formación necesaria, cubre los gastos que la actividad ocasione y mantiene un seguro de accidentes y responsabilidad civil para la actividad voluntaria.
4. La persona voluntaria trata a los animales con respeto, sigue las indicaciones del equipo y guarda confidencialidad sobre los datos de las personas que conozca.
5. La entidad expide, cuando se le pida, un certificado de las horas y actividades realizadas.
6. Cualquiera de las partes puede dar por terminado este acuerdo avisando a la otra con antelación suficiente.

## Firma

La persona voluntaria`;

/** The foster agreement that ships (Markdown). */
const FOSTER_CONTRACT_DEFAULT = `# Contrato de acogida temporal

Fecha: {{fecha}}.

## Reunidos

De una parte, {{#organizacion.nombre}}{{organizacion.nombre}}{{/organizacion.nombre}}{{^organizacion.nombre}}la asociación{{/organizacion.nombre}} (en adelante, la entidad).

De otra, {{persona.nombre}} {{persona.apellidos}}{{#persona.documento}}, con documento {{persona.documento}}{{/persona.documento}}{{#persona.direccion}}, con domicilio en {{persona.direccion}}{{#persona.ciudad}} ({{persona.ciudad}}){{/persona.ciudad}}{{/persona.direccion}} (en adelante, la casa de acogida).

## Acuerdan

1. La casa de acogida recibe temporalmente{{#mascota.nombre}} a {{mascota.nombre}}{{#mascota.especie}} ({{mascota.especie}}){{/mascota.especie}}{{#mascota.microchip}}, con microchip {{mascota.microchip}}{{/mascota.microchip}}{{/mascota.nombre}}{{^mascota.nombre}} al animal que la entidad le confíe{{/mascota.nombre}}, que sigue siendo responsabilidad de la entidad.
2. La casa de acogida le da alimento, agua, cobijo, cariño y los cuidados que le indique la entidad, y la mantiene informada por el portal de acogida.
3. La entidad cubre los gastos veterinarios autorizados y decide sobre su adopción; la casa de acogida no puede cederlo a terceros.
4. La casa de acogida facilita las visitas de personas interesadas en adoptarlo y lo devuelve cuando la entidad se lo pida.
5. Cualquiera de las partes puede terminar la acogida avisando a la otra con antelación suficiente.

## Firma

La casa de acogida`;

/** The adoption contract that ships (Markdown), with the usual clauses of Spanish shelters. */
const CONTRACT_DEFAULT = `# Contrato de adopción

Fecha: {{fecha}}.

## Reunidos

De una parte, **{{organizacion.nombre}}** (en adelante, «la organización»), con correo {{organizacion.email}} y teléfono {{organizacion.telefono}}.

De otra parte, **{{persona.nombre}} {{persona.apellidos}}**, con documento de identidad {{persona.documento}}, domicilio en {{persona.direccion}}, {{persona.ciudad}}, correo {{persona.email}} y teléfono {{persona.telefono}} (en adelante, «la persona adoptante»).

Ambas partes acuerdan la adopción del animal descrito a continuación con las siguientes cláusulas.

## El animal

- **Nombre:** {{mascota.nombre}}
- **Especie:** {{mascota.especie}}
- **Raza:** {{mascota.raza}}
- **Sexo:** {{mascota.sexo}}
- **Fecha de nacimiento:** {{mascota.fechaNacimiento}}
- **Microchip:** {{mascota.microchip}}

## Cuota de adopción

La persona adoptante aporta una cuota de **{{adopcion.cuota}}** ({{adopcion.metodoPago}}), destinada a cubrir parte de los gastos veterinarios y de manutención del animal. No es un precio de venta.

## Cláusulas

1. **Cuidado y bienestar.** La persona adoptante se compromete a dar al animal alimentación adecuada, agua limpia, un lugar resguardado, ejercicio, compañía y la atención veterinaria que necesite (vacunas, desparasitaciones y tratamientos), y a cumplir la normativa de protección y bienestar animal vigente.
2. **Identificación y registro.** En el plazo que marque la normativa de su comunidad autónoma, la persona adoptante inscribirá a su nombre el microchip del animal en el registro oficial de identificación y lo mantendrá al día (cambios de domicilio o de teléfono).
{{#mascota.sinEsterilizar}}
3. **Esterilización.** El animal no está esterilizado. La persona adoptante se compromete a esterilizarlo en un plazo máximo de seis meses desde la firma de este contrato (o cuando su veterinario lo considere adecuado por su edad) y a enviar a la organización el justificante veterinario.
{{/mascota.sinEsterilizar}}
4. **Ni cesión ni venta.** El animal no podrá venderse, regalarse, cederse ni dejarse al cuidado permanente de otras personas sin el acuerdo previo y por escrito de la organización.
5. **Devolución en lugar de abandono.** Si la persona adoptante no puede seguir cuidando del animal, lo comunicará a la organización y se lo devolverá; nunca lo abandonará ni lo llevará a otra entidad sin avisar.
6. **Seguimiento.** La persona adoptante acepta que la organización se interese por el animal tras la adopción: llamadas, mensajes, fotografías y, con aviso previo, visitas al domicilio. Informará a la organización de cualquier cambio de domicilio o de contacto, de una pérdida o del fallecimiento del animal.
7. **Incumplimiento.** Si se incumplen gravemente estas cláusulas o el animal sufre maltrato o abandono, la organización podrá reclamar su devolución, sin perjuicio de las acciones legales que correspondan.

## Protección de datos

{{organizacion.nombre}} es responsable del tratamiento de los datos personales de este contrato, que usa para gestionar la adopción, su seguimiento y las obligaciones legales que derivan de ella, con base en la ejecución de este contrato y en dichas obligaciones legales (Reglamento (UE) 2016/679, RGPD, y Ley Orgánica 3/2018, LOPDGDD). Los datos se conservan mientras dure la relación y, después, durante los plazos legales. No se ceden a terceros salvo obligación legal (por ejemplo, el registro de identificación animal). Puede ejercer sus derechos de acceso, rectificación, supresión, oposición, limitación y portabilidad escribiendo a {{organizacion.email}}, y reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).

Y en prueba de conformidad, la persona adoptante firma este contrato.
`;

/** The return of an animal to the organisation (Markdown): the person gives up ownership in its favour. */
const RETURN_DEFAULT = `# Acta de devolución

Fecha: {{fecha}}.

## Reunidos

De una parte, **{{organizacion.nombre}}** (en adelante, «la organización»), con correo {{organizacion.email}} y teléfono {{organizacion.telefono}}.

De otra parte, **{{persona.nombre}} {{persona.apellidos}}**, con documento de identidad {{persona.documento}}, domicilio en {{persona.direccion}}, {{persona.ciudad}}, correo {{persona.email}} y teléfono {{persona.telefono}} (en adelante, «la persona que devuelve»).

## El animal

- **Nombre:** {{mascota.nombre}}
- **Especie:** {{mascota.especie}}
- **Raza:** {{mascota.raza}}
- **Sexo:** {{mascota.sexo}}
- **Fecha de nacimiento:** {{mascota.fechaNacimiento}}
- **Microchip:** {{mascota.microchip}}

## La devolución

- **Fecha de la devolución:** {{devolucion.fecha}}
- **Motivo:** {{devolucion.motivo}}

## Declaraciones

1. **Entrega.** La persona que devuelve entrega el animal a la organización en la fecha indicada.
2. **Renuncia a la propiedad.** Renuncia a cualquier derecho de propiedad o posesión sobre el animal en favor de la organización, que pasa a decidir sobre su cuidado y su futuro, y no reclamará la cuota de adopción ni los gastos que haya tenido.
3. **Estado del animal.** Declara que ha informado a la organización con veracidad del estado de salud y de comportamiento del animal, de sus tratamientos y de cualquier incidente (mordeduras, enfermedades, accidentes) que conozca.
4. **Microchip.** Autoriza a la organización a inscribir a su nombre el microchip {{mascota.microchip}} en el registro oficial de identificación animal, y colaborará en el cambio de titularidad si el registro se lo pide.

## Protección de datos

{{organizacion.nombre}} es responsable del tratamiento de los datos personales de esta acta, que usa para gestionar la devolución y las obligaciones legales que derivan de ella (Reglamento (UE) 2016/679, RGPD, y Ley Orgánica 3/2018, LOPDGDD). Puede ejercer sus derechos escribiendo a {{organizacion.email}} y reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).

Y en prueba de conformidad, la persona que devuelve firma esta acta.
`;

/** The surrender contract that ships (Markdown): the owner hands the animal over to the organisation, free of charge. */
const SURRENDER_CONTRACT_DEFAULT = `# Contrato de cesión de un animal

Fecha: {{fecha}}.

## Reunidos

De una parte, {{#organizacion.nombre}}{{organizacion.nombre}}{{/organizacion.nombre}}{{^organizacion.nombre}}la asociación{{/organizacion.nombre}}{{#organizacion.nif}}, con NIF {{organizacion.nif}}{{/organizacion.nif}}{{#organizacion.direccion}}, con domicilio en {{organizacion.direccion}}{{/organizacion.direccion}} (en adelante, la organización).

De otra, {{persona.nombre}} {{persona.apellidos}}{{#persona.documento}}, con DNI o NIE {{persona.documento}}{{/persona.documento}}, con correo {{persona.email}} y teléfono {{persona.telefono}} (en adelante, la persona cedente).

## El animal

- Nombre: {{mascota.nombre}}
- Especie: {{mascota.especie}}
- Sexo: {{mascota.sexo}}
- Edad: {{mascota.edad}}
- Microchip: {{mascota.microchip}}

## Acuerdan

1. **Cesión gratuita.** La persona cedente declara ser la propietaria del animal y transmite su propiedad a la organización de forma gratuita, sin recibir ni pagar precio alguno, como permite el artículo 58.2 de la Ley 7/2023, de 28 de marzo, de protección de los derechos y el bienestar de los animales.
2. **Microchip.** La persona cedente autoriza a la organización a inscribir a su nombre el microchip {{mascota.microchip}} en el registro oficial de identificación animal y colaborará en el cambio de titularidad si el registro se lo pide.
3. **Salud y comportamiento.** La persona cedente declara que ha informado con veracidad del estado de salud y del comportamiento del animal, de sus tratamientos y de cualquier incidente (mordeduras, enfermedades, accidentes) que conozca.
4. **Renuncia.** La persona cedente renuncia a cualquier derecho sobre el animal; la organización decide sobre su cuidado y su futuro, incluida su adopción por otra familia.

## Protección de datos

{{organizacion.nombre}} es responsable del tratamiento de los datos personales de este contrato, que usa para gestionar la cesión y las obligaciones legales que derivan de ella (Reglamento (UE) 2016/679, RGPD, y Ley Orgánica 3/2018, LOPDGDD). Puede ejercer sus derechos escribiendo a {{organizacion.email}} y reclamar ante la Agencia Española de Protección de Datos (www.aepd.es).

Y en prueba de conformidad, la persona cedente firma este contrato.
`;

/** The Spanish defaults that ship: warm, short, signed by the organisation (its contact is added to every e-mail). */
export const DEFAULT_TEMPLATES: Record<TemplateKey, { asunto: string; cuerpo: string }> = {
  solicitud_recibida: {
    asunto: `Hemos recibido ${REQUEST}`,
    cuerpo:
      HELLO +
      `Gracias por querer adoptar${pet('a')}. Hemos recibido tu solicitud{{#solicitud.numero}} (n.º {{solicitud.numero}}){{/solicitud.numero}} y la leeremos con calma. Te escribiremos en cuanto tengamos novedades.` +
      SIGNATURE,
  },
  solicitud_en_revision: {
    asunto: `Estamos revisando ${REQUEST}`,
    cuerpo: HELLO + `Ya estamos revisando ${REQUEST}. Puede que te llamemos para conocerte un poco más.` + SIGNATURE,
  },
  solicitud_aprobada: {
    asunto: `¡${REQUEST.replace('tu', 'Tu')} ha sido aprobada!`,
    cuerpo: HELLO + `¡Buenas noticias! Hemos aprobado ${REQUEST}. Nos pondremos en contacto contigo para acordar los siguientes pasos.` + SIGNATURE,
  },
  solicitud_rechazada: {
    asunto: `Sobre ${REQUEST}`,
    cuerpo:
      HELLO +
      `Gracias de corazón por tu interés${pet('en')}. Esta vez no podemos seguir adelante con tu solicitud, pero hay muchos animales esperando un hogar y nos encantará leerte de nuevo.` +
      SIGNATURE,
  },
  solicitud_retirada: {
    asunto: `${REQUEST.replace('tu', 'Tu')} se ha cerrado`,
    cuerpo: HELLO + `${REQUEST.replace('tu', 'Tu')} queda retirada. Si ha sido un error o cambias de idea, escríbenos cuando quieras.` + SIGNATURE,
  },
  registro_recibido: {
    asunto: `Hemos recibido el registro${pet('de')}`,
    cuerpo: HELLO + `Gracias por el registro${pet('de')}. Lo revisaremos pronto y te contaremos si podemos publicar su ficha.` + SIGNATURE,
  },
  registro_aprobado: {
    asunto: `Hemos aprobado el registro${pet('de')}`,
    cuerpo: HELLO + `Hemos aprobado el registro${pet('de')}. Gracias por ayudarnos a encontrarle un hogar.` + SIGNATURE,
  },
  registro_rechazado: {
    asunto: `Sobre el registro${pet('de')}`,
    cuerpo:
      HELLO +
      `Gracias por el registro${pet('de')}. Esta vez no podemos aceptarlo{{#registro.motivo}}: {{registro.motivo}}{{/registro.motivo}}{{^registro.motivo}}.{{/registro.motivo}}\n\nSi tienes dudas, escríbenos.` +
      SIGNATURE,
  },
  acogida_enlace: {
    asunto: `Tu enlace para la acogida${pet('de')}`,
    cuerpo:
      HELLO +
      `Gracias por ser casa de acogida{{#mascota.nombre}} de {{mascota.nombre}}{{/mascota.nombre}}. Desde este enlace puedes contarnos cómo va: {{enlace}}{{#vencimiento}}\n\nEl enlace vence el {{vencimiento}}.{{/vencimiento}}` +
      SIGNATURE,
  },
  contrato_firmar: {
    asunto: `El contrato de adopción${pet('de')}`,
    cuerpo: HELLO + `Aquí tienes el contrato de adopción${pet('de')} para leerlo y firmarlo: {{enlace}}` + SIGNATURE,
  },
  acta_firmar: {
    asunto: `El acta de devolución${pet('de')}`,
    cuerpo: HELLO + `Aquí tienes el acta de devolución${pet('de')} para leerla y firmarla: {{enlace}}` + SIGNATURE,
  },
  acta_firmada: {
    asunto: `Acta de devolución${pet('de')} firmada`,
    cuerpo:
      HELLO +
      `Gracias por firmar el acta de devolución${pet('de')}. Te enviamos adjunta tu copia firmada (PDF). Gracias por confiar en nosotros: cuidaremos de su futuro.` +
      SIGNATURE,
  },
  contrato_firmado: {
    asunto: `Contrato de adopción${pet('de')} firmado`,
    cuerpo:
      HELLO +
      `Gracias por firmar el contrato de adopción${pet('de')}. Te enviamos adjunta tu copia firmada (PDF): guárdala junto a sus papeles.` +
      SIGNATURE,
  },
  codigo_verificacion: {
    asunto: 'Tu código de verificación',
    cuerpo: HELLO + 'Tu código de verificación es {{codigo}}. No lo compartas con nadie.' + SIGNATURE,
  },
  seguimiento: {
    asunto: '¿Qué tal está{{#mascota.nombre}} {{mascota.nombre}}{{/mascota.nombre}}{{^mascota.nombre}} tu mascota{{/mascota.nombre}}?',
    cuerpo:
      HELLO +
      'Nos encantaría saber qué tal os va{{#mascota.nombre}} a {{mascota.nombre}} y a ti{{/mascota.nombre}}. Puedes contárnoslo (y mandarnos alguna foto) aquí: {{enlace}}' +
      SIGNATURE,
  },
  recordatorio_obligacion: {
    asunto: 'Recordatorio{{#obligacion.descripcion}}: {{obligacion.descripcion}}{{/obligacion.descripcion}}',
    cuerpo:
      HELLO +
      'Te recordamos que{{#mascota.nombre}} {{mascota.nombre}}{{/mascota.nombre}} tiene pendiente{{#obligacion.descripcion}}: {{obligacion.descripcion}}{{/obligacion.descripcion}}{{^obligacion.descripcion}} una tarea{{/obligacion.descripcion}}{{#obligacion.fecha}}, para el {{obligacion.fecha}}{{/obligacion.fecha}}.' +
      SIGNATURE,
  },
  certificado_donaciones: {
    asunto: 'Tu certificado de donaciones{{#certificado.anio}} de {{certificado.anio}}{{/certificado.anio}}',
    cuerpo:
      HELLO +
      'Gracias por tu apoyo{{#certificado.anio}} durante {{certificado.anio}}{{/certificado.anio}}. Te enviamos adjunto (PDF) el certificado de tus donativos{{#certificado.importe}}, {{certificado.importe}} en total{{/certificado.importe}}, para que puedas aplicar la deducción en tu declaración de la renta.' +
      SIGNATURE,
  },
  padrino_novedad: {
    asunto: 'Novedades{{#mascota.nombre}} de {{mascota.nombre}}{{/mascota.nombre}}{{^mascota.nombre}} de tu apadrinado{{/mascota.nombre}}',
    cuerpo:
      HELLO +
      'Gracias por apadrinar{{#mascota.nombre}} a {{mascota.nombre}}{{/mascota.nombre}}. Esto es lo nuevo de estos días.{{#padrino.novedades}}\n\n{{padrino.novedades}}{{/padrino.novedades}}{{#padrino.fotos}}\n\nFotos nuevas en su galería: {{padrino.fotos}}.{{/padrino.fotos}}\n\nSi prefieres no recibir estas novedades, respóndenos a este correo y dejaremos de enviártelas.' +
      SIGNATURE,
  },
  padrino_cambio: {
    asunto: 'Noticias sobre{{#mascota.nombre}} {{mascota.nombre}}{{/mascota.nombre}}{{^mascota.nombre}} tu apadrinamiento{{/mascota.nombre}}',
    cuerpo:
      HELLO +
      'Queremos contarte algo importante sobre el animal que apadrinas{{#mascota.nombre}}, {{mascota.nombre}}{{/mascota.nombre}}{{#padrino.cambio}}: {{padrino.cambio}}{{/padrino.cambio}}.\n\nTu apadrinamiento sigue como estaba y no cambiaremos nada sin hablar contigo. ¿Te gustaría apadrinar a otro de nuestros animales? Respóndenos a este correo o llámanos y lo vemos juntos; si prefieres terminar el apadrinamiento, dínoslo también.\n\nGracias por tu apoyo durante este tiempo.' +
      SIGNATURE,
  },
  contrato_adopcion: {
    asunto: '',
    cuerpo: CONTRACT_DEFAULT,
  },
  acta_devolucion: {
    asunto: '',
    cuerpo: RETURN_DEFAULT,
  },
  colabora_mandato: {
    asunto: '',
    cuerpo:
      'Mediante la firma de esta orden de domiciliación, autorizas a {{#organizacion.nombre}}{{organizacion.nombre}}{{/organizacion.nombre}}{{^organizacion.nombre}}la asociación{{/organizacion.nombre}} ' +
      'a enviar instrucciones a tu entidad financiera para adeudar tu cuenta y a tu entidad financiera para efectuar los adeudos en tu cuenta siguiendo esas instrucciones. ' +
      'Como parte de tus derechos, puedes ser reembolsado por tu entidad financiera en los términos y condiciones del contrato que tienes con ella; ' +
      'la solicitud de reembolso debe hacerse dentro de las ocho semanas siguientes a la fecha del adeudo en tu cuenta. ' +
      'Puedes obtener información adicional sobre tus derechos en tu entidad financiera.',
  },
  acuerdo_voluntariado: { asunto: '', cuerpo: VOLUNTEER_AGREEMENT_DEFAULT },
  contrato_acogida: { asunto: '', cuerpo: FOSTER_CONTRACT_DEFAULT },
  contrato_cesion: { asunto: '', cuerpo: SURRENDER_CONTRACT_DEFAULT },
  documento_firmar: {
    asunto: '{{documento.titulo}}: para firmar',
    cuerpo: HELLO + 'Aquí tienes el documento «{{documento.titulo}}» para leerlo y firmarlo: {{enlace}}' + SIGNATURE,
  },
  documento_firmado: {
    asunto: '{{documento.titulo}}: firmado',
    cuerpo: HELLO + 'Gracias por firmar el documento «{{documento.titulo}}». Te enviamos adjunta tu copia firmada (PDF): guárdala.' + SIGNATURE,
  },
  cesion_lista_espera: {
    asunto: `${SURRENDER_REQUEST.replace('tu', 'Tu')} está en lista de espera`,
    cuerpo:
      HELLO +
      `Hemos leído ${SURRENDER_REQUEST}${SURRENDER_NUMBER}. Ahora mismo no tenemos plaza, así que queda en nuestra lista de espera: te escribiremos en cuanto podamos acogerlo. Si tu situación cambia o encuentras otra solución, avísanos, por favor.` +
      SIGNATURE,
  },
  cesion_aceptada: {
    asunto: `Hemos aceptado ${SURRENDER_REQUEST}`,
    cuerpo:
      HELLO +
      `Podemos acoger${pet('a')}: hemos aceptado ${SURRENDER_REQUEST}${SURRENDER_NUMBER}. Te enviaremos el contrato de cesión para que lo leas y lo firmes (la ley exige un contrato escrito para ceder un animal) y acordaremos contigo el día de la entrega. Trae su cartilla y los papeles del microchip.` +
      SIGNATURE,
  },
  cesion_rechazada: {
    asunto: `Sobre ${SURRENDER_REQUEST}`,
    cuerpo:
      HELLO +
      `Gracias por confiar en nosotros. Hemos leído ${SURRENDER_REQUEST}${SURRENDER_NUMBER} y, lo sentimos mucho, no podemos acogerlo. Si necesitas ayuda para buscarle otra salida, escríbenos y te orientaremos.` +
      SIGNATURE,
  },
  cesion_retirada: {
    asunto: `${SURRENDER_REQUEST.replace('tu', 'Tu')} se ha cerrado`,
    cuerpo:
      HELLO +
      `Hemos cerrado ${SURRENDER_REQUEST}${SURRENDER_NUMBER}, como hablamos. Si más adelante lo necesitas, puedes volver a escribirnos.` +
      SIGNATURE,
  },
  turno_recordatorio: {
    asunto: 'Mañana tienes turno: {{turno.tarea}}',
    cuerpo:
      HELLO +
      'Te recordamos que mañana, {{turno.fecha}}, de {{turno.hora}}, estás en el turno «{{turno.tarea}}»{{#turno.lugar}} en {{turno.lugar}}{{/turno.lugar}}. ¡Gracias por tu ayuda!' +
      '{{#enlace}}\n\nSi no puedes venir, avísanos o cancélalo desde tu enlace: {{enlace}}{{/enlace}}' +
      SIGNATURE,
  },
  busco_acogida: {
    asunto: `Buscamos casa de acogida${pet('para')}`,
    cuerpo:
      HELLO +
      '{{#mascota.nombre}}{{mascota.nombre}} necesita{{/mascota.nombre}}{{^mascota.nombre}}Una de nuestras mascotas necesita{{/mascota.nombre}} una casa de acogida y hemos pensado en ti. Mira su ficha y dinos si puedes acogerla: {{enlace}}{{#vencimiento}}\n\nEl enlace vence el {{vencimiento}}.{{/vencimiento}}' +
      SIGNATURE,
  },
  colabora_privacidad: {
    asunto: '',
    cuerpo:
      '{{#organizacion.nombre}}{{organizacion.nombre}}{{/organizacion.nombre}}{{^organizacion.nombre}}La asociación{{/organizacion.nombre}} trata tus datos para gestionar tu colaboración ' +
      '(las cuotas o el donativo, su cobro por domiciliación y, si lo pides, el certificado de donaciones) y para presentar la declaración de donativos a la Agencia Tributaria (modelo 182). ' +
      'Tus datos no se ceden a terceros salvo a tu banco para el cobro y a la Agencia Tributaria cuando la ley lo exige. ' +
      'Puedes acceder a ellos, corregirlos o pedir que se borren escribiendo a {{#organizacion.email}}{{organizacion.email}}{{/organizacion.email}}{{^organizacion.email}}la asociación{{/organizacion.email}}.',
  },
};

/** Sample values for the preview (what the editor shows while typing). */
export const TEMPLATE_SAMPLE_VALUES: Record<TemplateVariable, string> = {
  'organizacion.nombre': 'Refugio',
  'organizacion.email': 'hola@refugio.example',
  'organizacion.telefono': '+34 600 000 000',
  'organizacion.web': 'https://refugio.example',
  'organizacion.direccion': 'Calle Mayor 1, Madrid',
  'organizacion.nif': 'G12345674',
  'persona.nombre': 'Lucía',
  'mascota.nombre': 'Luna',
  'solicitud.estado': 'En revisión',
  'solicitud.numero': '128',
  'registro.numero': '42',
  'registro.motivo': 'ya tenemos todas las plazas ocupadas.',
  enlace: 'https://refugio.example/e/ejemplo',
  vencimiento: '31 de diciembre de 2026',
  codigo: '483920',
  'obligacion.descripcion': 'la vacuna anual',
  'obligacion.fecha': '15 de enero de 2027',
  'persona.apellidos': 'García Pérez',
  'persona.documento': '12345678Z',
  'persona.email': 'lucia@example.com',
  'persona.telefono': '+34 611 111 111',
  'persona.direccion': 'Calle del Olmo 3, 2.º B',
  'persona.ciudad': 'Madrid',
  'mascota.especie': 'Perro',
  'mascota.raza': 'Mestizo',
  'mascota.sexo': 'Hembra',
  'mascota.fechaNacimiento': '10/03/2024',
  'mascota.microchip': '941000024680135',
  'mascota.edad': '3 años',
  'documento.titulo': 'Contrato de cesión de Luna',
  'mascota.sinEsterilizar': 'sí',
  'adopcion.cuota': '150,00 €',
  'adopcion.metodoPago': 'Bizum',
  fecha: '24 de noviembre de 2026',
  'devolucion.fecha': '20/11/2026',
  'devolucion.motivo': 'Cambio de domicilio: no puede tenerlo en la nueva vivienda.',
  'certificado.anio': '2026',
  'certificado.importe': '1.234,56 €',
  'padrino.novedades': '12/11/2026: Ya pesa 9 kilos y le encanta jugar en el jardín.',
  'padrino.fotos': '3',
  'padrino.cambio': 'ha encontrado un hogar y una familia la ha adoptado',
  'turno.tarea': 'Paseo de perros',
  'turno.fecha': 'sábado, 5 de diciembre de 2026',
  'turno.hora': '10:00 a 13:00',
  'turno.lugar': 'Refugio',
};

/**
 * The organisation's own fields in a template (DESIGN section 21): `{{mascota.campos.<clave>}}` where the template
 * names a pet, `{{persona.campos.<clave>}}` where it names a person; empty when the record holds no value.
 */
export const CUSTOM_FIELD_VARIABLE = /^(mascota|persona)\.campos\.([a-z][a-z0-9_]*)$/;
export type CustomFieldVariable = `${'mascota' | 'persona'}.campos.${string}`;

/** The entity and key an own-field variable names, or null for any other name. */
export function customFieldVariable(name: string): { entidad: 'mascota' | 'persona'; clave: string } | null {
  const match = CUSTOM_FIELD_VARIABLE.exec(name);
  return match ? { entidad: match[1] === 'mascota' ? 'mascota' : 'persona', clave: match[2]! } : null;
}

/** Whether `key`'s texts may read the own fields of `entidad` (those that name that pet or person). */
export function templateReadsOwnFields(key: TemplateKey, entidad: 'mascota' | 'persona'): boolean {
  return (TEMPLATE_VARIABLES[key] as readonly string[]).includes(entidad === 'mascota' ? 'mascota.nombre' : 'persona.nombre');
}

export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 10_000;

export const templateMessages = {
  unknownOwnField: (name: string) => `{{${name}}} no es un campo propio: créalo en «Campos propios» o corrige la clave.`,
  unknownKey: 'Esa plantilla no existe.',
  subjectRequired: 'Escribe el asunto.',
  subjectOneLine: 'El asunto ha de ocupar una sola línea.',
  subjectTooLong: `El asunto admite hasta ${TEMPLATE_SUBJECT_MAX} caracteres.`,
  bodyRequired: 'Escribe el texto del mensaje.',
  bodyTooLong: `El texto admite hasta ${TEMPLATE_BODY_MAX} caracteres.`,
  missingValues: (labels: string[]) =>
    `Esta plantilla necesita datos que aquí no hay (${labels.join(', ')}): escríbela desde donde estén o escribe el texto.`,
  unknownVariable: (name: string, key: TemplateKey) => `La variable {{${name}}} no existe en la plantilla «${TEMPLATE_TITLES[key]}».`,
  forbiddenTag: (tag: string) => `La etiqueta ${tag} no se admite: usa solo variables como {{persona.nombre}}.`,
  badSyntax: (detail: string) => `La plantilla no se puede leer: ${detail}`,
  stale: 'Otra persona ha cambiado esta plantilla mientras la editabas. Recarga para ver sus cambios.',
} as const;

const templateText = (max: number, required: string, tooLong: string) => multiLineText({ error: required }).trim().min(1, required).max(max, tooLong);

/** `PUT /api/plantillas/{clave}`. */
export const saveTemplateInputSchema = z.object({
  asunto: oneLineText()
    .trim()
    .max(TEMPLATE_SUBJECT_MAX, templateMessages.subjectTooLong)
    .refine((value) => !/[\r\n]/.test(value), templateMessages.subjectOneLine)
    .default('')
    .describe('Obligatorio salvo en las plantillas sin asunto (el contrato de adopción)'),
  cuerpo: templateText(TEMPLATE_BODY_MAX, templateMessages.bodyRequired, templateMessages.bodyTooLong),
  activa: z.boolean({ error: 'Indica si la plantilla está activa.' }),
  version: z.number().int().min(0).optional().describe('La versión mostrada; si ya no es la actual responde 409'),
});
export type SaveTemplateInput = z.infer<typeof saveTemplateInputSchema>;

/** `POST /api/plantillas/{clave}/vista-previa`: the text being edited (not saved). */
export const previewTemplateInputSchema = z.object({
  asunto: oneLineText().max(TEMPLATE_SUBJECT_MAX * 2),
  cuerpo: multiLineText().max(TEMPLATE_BODY_MAX * 2),
});
export type PreviewTemplateInput = z.infer<typeof previewTemplateInputSchema>;

export const templateKeyParamsSchema = z.object({
  clave: z.enum(TEMPLATE_KEYS, { error: templateMessages.unknownKey }),
});

export const templateSchema = z.object({
  clave: z.enum(TEMPLATE_KEYS),
  titulo: z.string(),
  asunto: z.string(),
  cuerpo: z.string(),
  activa: z.boolean(),
  automatica: z.boolean().describe('La envía el servidor por sí solo cuando está activa'),
  personalizada: z.boolean().describe('false: es el texto que trae la aplicación'),
  variables: z.array(z.object({ nombre: z.string(), descripcion: z.string() })),
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type Template = z.infer<typeof templateSchema>;
export const templateListSchema = z.object({ items: z.array(templateSchema) });

export const templatePreviewSchema = z.object({
  asunto: z.string(),
  texto: z.string().describe('La parte de texto plano, tal como se envía'),
  html: z.string().describe('La parte HTML, con cada valor escapado'),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

/* ------------------------------------------------------------------ messages */

export const MESSAGE_CHANNELS = ['email', 'whatsapp'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_STATES = ['pendiente', 'enviado', 'fallido', 'sin_configurar', 'registrado'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const messageStateLabels: Record<MessageState, string> = {
  pendiente: 'Pendiente de envío',
  enviado: 'Enviado',
  fallido: 'Fallido',
  sin_configurar: 'No enviado: correo sin configurar',
  registrado: 'Registrado (WhatsApp)',
};
export const messageChannelLabels: Record<MessageChannel, string> = { email: 'Correo', whatsapp: 'WhatsApp' };

/** Attempts of an e-mail and the delay before the first retry (each next doubles): 4, 8 and 16 minutes. */
export const EMAIL_MAX_ATTEMPTS = 4;
export const EMAIL_RETRY_BASE_MS = 4 * 60 * 1000;

export const messageMessages = {
  noEmail: 'Esta persona no tiene correo electrónico.',
  noEmailConsent: 'Esta persona no ha aceptado recibir correos.',
  noPhone: 'Esta persona no tiene teléfono.',
  noWhatsappConsent: 'Esta persona no ha aceptado recibir mensajes por WhatsApp.',
  textRequired: 'Elige una plantilla o escribe el asunto y el texto.',
  personNotFound: 'Esa persona no existe.',
  notFound: 'Ese mensaje no existe.',
  notFailed: 'Solo se puede reintentar un mensaje fallido.',
  notConfigured: 'El correo no está configurado (SMTP_URL y MAIL_FROM): el mensaje se ha guardado sin enviar.',
} as const;

export const messageSchema = z.object({
  id: z.number().int(),
  personaId: z.number().int().nullable(),
  canal: z.enum(MESSAGE_CHANNELS),
  plantilla: z.string().nullable(),
  para: z.object({ nombre: z.string(), email: z.string().nullable(), telefono: z.string().nullable() }),
  asunto: z.string(),
  cuerpo: z.string(),
  estado: z.enum(MESSAGE_STATES),
  intentos: z.number().int(),
  error: z.string().nullable(),
  creadoEn: z.string(),
  enviadoEn: z.string().nullable(),
  relacion: z.object({ entidad: z.string(), id: z.string() }).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const MESSAGE_PAGE_SIZE = 20;

export const listMessagesQuerySchema = z.object({
  personaId: z.coerce.number().int().positive().optional(),
  estado: z.enum(MESSAGE_STATES).optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type ListMessagesQuery = z.infer<typeof listMessagesQuerySchema>;

export const messageListSchema = z.object({
  items: z.array(messageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MessageList = z.infer<typeof messageListSchema>;

/** `POST /api/personas/{id}/mensajes`: a template, or a subject and text written now. */
export const sendMessageInputSchema = z.object({
  canal: z.enum(MESSAGE_CHANNELS, { error: 'Elige correo o WhatsApp.' }),
  plantilla: z.enum(TEMPLATE_KEYS, { error: templateMessages.unknownKey }).optional(),
  asunto: oneLineText().trim().max(TEMPLATE_SUBJECT_MAX, templateMessages.subjectTooLong).optional(),
  cuerpo: multiLineText().trim().max(TEMPLATE_BODY_MAX, templateMessages.bodyTooLong).optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

export const sentMessageSchema = z.object({
  mensaje: messageSchema,
  url: z.string().optional().describe('WhatsApp: el enlace wa.me con el texto, para abrirlo en el teléfono de quien escribe'),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

/** `GET|PUT /api/cuenta/avisos`: whether the signed-in member of staff is told by e-mail of new work. */
export const staffNoticesSchema = z.object({
  solicitudes: z.boolean({ error: 'Indica sí o no.' }).describe('Avisarme por correo de cada solicitud de adopción nueva'),
  registros: z.boolean({ error: 'Indica sí o no.' }).describe('Avisarme por correo de cada registro de mascota nuevo'),
  seguimientos: z
    .boolean({ error: 'Indica sí o no.' })
    .default(false)
    .describe('Avisarme por correo cuando una familia adoptante responde «Necesito ayuda» a un seguimiento'),
  turnos: z
    .boolean({ error: 'Indica sí o no.' })
    .default(false)
    .describe('Avisarme por correo cuando alguien cancela un turno de voluntariado a menos de 24 horas de empezar'),
});
export type StaffNotices = z.infer<typeof staffNoticesSchema>;

/** The e-mails staff get when they asked to be told of new work. */
export const staffNoticeTexts = {
  application: (pet: string, person: string) => ({
    asunto: `Nueva solicitud de adopción para ${pet}`,
    cuerpo: `${person} ha enviado una solicitud para adoptar a ${pet}. La tienes en «Solicitudes de adopción».`,
  }),
  lateCancel: (person: string, task: string, when: string) => ({
    asunto: `Turno sin cubrir: ${task}, ${when}`,
    cuerpo: `${person} ha cancelado su plaza en el turno «${task}» de ${when}, a menos de 24 horas de empezar. Lo tienes en «Pendientes» y en «Turnos».`,
  }),
  registration: (pet: string, person: string) => ({
    asunto: `Nuevo registro de mascota: ${pet}`,
    cuerpo: `${person} ha registrado a ${pet}. Lo tienes en «Solicitudes de publicación».`,
  }),
} as const;

/* ------------------------------------------------------------------ the organisation */

/** The registry numbers (entities, núcleo zoológico) admit up to this many characters. */
export const ORGANIZATION_REGISTRY_MAX = 40;

export const organizationMessages = {
  nameTooLong: 'El nombre admite hasta 200 caracteres.',
  emailInvalid: 'Escribe un correo electrónico válido.',
  phoneInvalid: 'Escribe un teléfono válido.',
  webInvalid: 'Escribe una dirección web que empiece por https:// o http://.',
  timeZoneInvalid: 'Elige una zona horaria válida (por ejemplo, Europe/Madrid).',
  tooLong: 'Este campo admite hasta 300 caracteres.',
  registryTooLong: `El nº de registro de entidades admite hasta ${ORGANIZATION_REGISTRY_MAX} caracteres.`,
  zooNucleusTooLong: `El nº de núcleo zoológico admite hasta ${ORGANIZATION_REGISTRY_MAX} caracteres.`,
  ley49Invalid: 'Indica si la entidad está acogida a la Ley 49/2002 (sí o no).',
  fosterContactInvalid: 'Indica si Voluntariado puede ver el contacto de las casas de acogida (sí o no).',
  capacityInvalid: `La capacidad de cada especie ha de ser un número entero entre 0 y ${'10.000'}, o quedar vacía (sin límite).`,
  capacitySpeciesInvalid: `Especie desconocida en la capacidad: usa ${PET_TYPES.join(', ')}.`,
} as const;

/** The largest capacity of one species administrators may write. */
export const ORGANIZATION_CAPACITY_MAX = 10_000;

/** The shelter's places per species (the pets' species): null is no limit written. */
export type ShelterCapacity = Record<PetType, number | null>;

/** The capacity before an administrator writes it: no limit for any species. */
export const NO_SHELTER_CAPACITY: ShelterCapacity = Object.fromEntries(PET_TYPES.map((t) => [t, null])) as ShelterCapacity;

const capacityValue = z
  .number({ error: organizationMessages.capacityInvalid })
  .int(organizationMessages.capacityInvalid)
  .min(0, organizationMessages.capacityInvalid)
  .max(ORGANIZATION_CAPACITY_MAX, organizationMessages.capacityInvalid)
  .nullable();

/** `capacidad` of `PUT /api/organizacion`: the species written change, the others keep what is stored. */
export const shelterCapacityInputSchema = z.partialRecord(z.enum(PET_TYPES, { error: organizationMessages.capacitySpeciesInvalid }), capacityValue, {
  error: organizationMessages.capacityInvalid,
});

const optionalText = (max: number, message: string) =>
  oneLineText()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** `PUT /api/organizacion` (administrators). The phone is normalised by the server (E.164). */
export const saveOrganizationInputSchema = z.object({
  nombre: oneLineText({ error: 'Escribe el nombre de la organización.' })
    .trim()
    .min(1, 'Escribe el nombre de la organización.')
    .max(200, organizationMessages.nameTooLong),
  email: oneLineText()
    .trim()
    .toLowerCase()
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(
      oneLineText()
        .pipe(z.email({ error: organizationMessages.emailInvalid }).max(254, organizationMessages.emailInvalid))
        .nullable(),
    ),
  telefono: optionalText(50, organizationMessages.phoneInvalid),
  direccion: optionalText(300, organizationMessages.tooLong),
  web: optionalText(300, organizationMessages.tooLong).refine(
    (v) => v === null || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v),
    organizationMessages.webInvalid,
  ),
  zonaHoraria: oneLineText({ error: organizationMessages.timeZoneInvalid }).trim().min(1, organizationMessages.timeZoneInvalid),
  // The fiscal data (DESIGN section 15): each left out keeps what is stored; '' or null clears it.
  nif: clearableFiscalField(fiscalIdSchema, fiscalMessages.fiscalIdFormat).optional().describe('NIF de la entidad (CIF); se guarda normalizado'),
  ley49: z
    .boolean({ error: organizationMessages.ley49Invalid })
    .optional()
    .describe('Si la entidad está acogida a la Ley 49/2002: los donativos desgravan'),
  contactoAcogidaVoluntariado: z
    .boolean({ error: organizationMessages.fosterContactInvalid })
    .optional()
    .describe('Si Voluntariado ve el teléfono y la dirección de la casa de acogida de los animales con los que trabaja; sin él se mantiene'),
  registroEntidades: optionalText(ORGANIZATION_REGISTRY_MAX, organizationMessages.registryTooLong).optional().describe('Nº de registro de entidades'),
  nucleoZoologico: optionalText(ORGANIZATION_REGISTRY_MAX, organizationMessages.zooNucleusTooLong).optional().describe('Nº de núcleo zoológico'),
  acreedorSepa: clearableFiscalField(sepaCreditorIdSchema, fiscalMessages.sepaCreditorId)
    .optional()
    .describe('Identificador de acreedor SEPA (AT-02); se guarda normalizado'),
  ibanAcreedor: clearableFiscalField(ibanSchema, fiscalMessages.ibanFormat)
    .optional()
    .describe('IBAN de la cuenta donde se abonan las remesas SEPA; se guarda normalizado'),
  capacidad: shelterCapacityInputSchema
    .optional()
    .describe(`Plazas del refugio por especie (${PET_TYPES.join(', ')}): enteros de 0 a 10000, null sin límite; las especies omitidas se conservan`),
  version: z.number({ error: 'Falta la versión.' }).int().min(0),
});
export type SaveOrganizationInput = z.infer<typeof saveOrganizationInputSchema>;
