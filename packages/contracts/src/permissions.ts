import { ADMIN_ROLE, ROLES, type Rol } from './users';

/**
 * What each role may do (DESIGN section 20). One permission table decides every route on the server
 * (`ROUTE_PERMISSIONS`, read by the server's access hook at start-up), and the web app's menu, buttons and screens
 * ask the same table through `can` and `canCall`.
 *
 * To add a route: one line in `ROUTE_PERMISSIONS`, `'METHOD /path/{param}'` as the OpenAPI document spells it,
 * naming the capability that opens it. A route missing from the table stops the server's start-up and fails
 * the route-by-role test (apps/server/test/contracts/permission-matrix.test.ts).
 */

/** Who may do what: each capability and the roles that have it. Where DESIGN is silent, the least that keeps a role's task possible. */
export const CAPABILITIES = {
  /** Their own account, the dashboard, pending work, the organisation's name and logo. */
  cuenta: ROLES,
  'mascotas.ver': ROLES,
  'mascotas.editar': ['Administrador', 'Coordinación', 'Equipo'],
  'cuidados.ver': ['Administrador', 'Coordinación', 'Equipo', 'Voluntariado', 'Veterinaria'],
  /** Record care, mark it done, its attachments. */
  'cuidados.registrar': ['Administrador', 'Coordinación', 'Equipo', 'Voluntariado', 'Veterinaria'],
  /** The vaccination and deworming protocols every pet gets. */
  'cuidados.protocolos': ['Administrador', 'Coordinación', 'Veterinaria'],
  /** Voluntariado sees persons with their document, address and phone as `***`. */
  'personas.ver': ['Administrador', 'Coordinación', 'Equipo', 'Voluntariado', 'Tesorería'],
  'personas.editar': ['Administrador', 'Coordinación', 'Equipo', 'Tesorería'],
  /** The RGPD export of everything about a person, and anonymisation. */
  'personas.rgpd': ['Administrador'],
  mensajes: ['Administrador', 'Coordinación', 'Equipo'],
  adopciones: ['Administrador', 'Coordinación', 'Equipo'],
  /** Where each pet is: movements, foster homes and their portal. */
  movimientos: ['Administrador', 'Coordinación', 'Equipo'],
  publicacion: ['Administrador', 'Coordinación', 'Equipo'],
  voluntariado: ['Administrador', 'Coordinación', 'Equipo'],
  cesiones: ['Administrador', 'Coordinación', 'Equipo'],
  libro: ['Administrador', 'Coordinación', 'Equipo', 'Veterinaria'],
  informes: ['Administrador', 'Coordinación', 'Equipo', 'Tesorería'],
  /** Fees, gifts, direct debits, certificates and modelo 182. */
  dinero: ['Administrador', 'Coordinación', 'Tesorería'],
  inspecciones: ['Administrador', 'Coordinación'],
  importar: ['Administrador', 'Coordinación'],
  /** The organisation's own fields on pets and persons, and its public forms (DESIGN section 21). */
  campos: ['Administrador', 'Coordinación'],
  /** The organisation's settings, message templates, the audit log, background jobs. */
  ajustes: ['Administrador'],
  usuarios: ['Administrador'],
} as const satisfies Record<string, readonly Rol[]>;

export type Capability = keyof typeof CAPABILITIES;

/** `public`: anybody; `token`: a machine caller with the route's own token (the route checks it); otherwise a capability. */
export type RoutePermission = 'public' | 'token' | Capability;

/** Every route of the server and what opens it. Keys ending in `*` cover every route under that prefix. */
export const ROUTE_PERMISSIONS: Record<string, RoutePermission> = {
  'GET /api/health': 'public',
  'GET /api/metrics': 'token',
  'GET /api/ready': 'public',
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'GET /api/docs*': 'public',
  'GET /api/functions/getUserRoleByUid': 'cuenta',
  'GET /api/functions/getFirestoreUsers': 'usuarios',
  'GET /api/users': 'usuarios',
  'POST /api/users': 'usuarios',
  'PATCH /api/users/{id}': 'usuarios',
  'POST /api/users/{id}/disable': 'usuarios',
  'POST /api/users/{id}/enable': 'usuarios',
  'POST /api/users/{id}/reset-password': 'usuarios',
  'POST /api/users/{id}/reset-two-factor': 'usuarios',
  'DELETE /api/users/{id}': 'usuarios',
  // The organisation's roles (DESIGN section 21) stay with Administrador, as the users do.
  'GET /api/roles': 'usuarios',
  'POST /api/roles': 'usuarios',
  'PUT /api/roles/{id}': 'usuarios',
  'DELETE /api/roles/{id}': 'usuarios',
  // The organisation's own fields (DESIGN section 21): every staff role reads them (its forms show them).
  'GET /api/campos': 'cuenta',
  'POST /api/campos': 'campos',
  'PUT /api/campos/orden': 'campos',
  'PUT /api/campos/{id}': 'campos',
  'POST /api/campos/{id}/archivar': 'campos',
  'POST /api/campos/{id}/recuperar': 'campos',
  'GET /phpApi/mascotas': 'mascotas.ver',
  'GET /api/mascotas.csv': 'mascotas.ver',
  'GET /api/mascotas.xlsx': 'mascotas.ver',
  'GET /phpApi/mascota/{id}': 'mascotas.ver',
  'POST /phpApi/mascota/nueva': 'mascotas.editar',
  'POST /phpApi/mascota/{id}/actualizar': 'mascotas.editar',
  'POST /phpApi/mascota/{id}/adopcion': 'mascotas.editar',
  'POST /phpApi/mascota/{id}/eliminar': 'mascotas.editar',
  'POST /phpApi/mascota/{id}/restaurar': 'mascotas.editar',
  'GET /phpApi/mascota/{id}/imagenes': 'public',
  'POST /phpApi/mascota/{id}/imagenes/nueva': 'mascotas.editar',
  'POST /phpApi/mascota/{id}/imagenes/{imageId}/eliminar': 'mascotas.editar',
  'POST /phpApi/mascota/{id}/imagenes/orden': 'mascotas.editar',
  'POST /phpApi/mascota/{id}/imagenes/{imageId}/principal': 'mascotas.editar',
  'GET /phpApi/storage/app/public/productos/{id}/{file}': 'public',
  'GET /phpApi/storage/app/public/productos/{id}/thumbs/{file}': 'public',
  'GET /api/mascotas/{id}/videos': 'public',
  'POST /api/mascotas/{id}/videos': 'mascotas.editar',
  'GET /api/mascotas/{id}/videos/{name}': 'public',
  'DELETE /api/mascotas/{id}/videos/{name}': 'mascotas.editar',
  'GET /api/public/mascotas': 'public',
  'GET /api/public/mascotas/{id}': 'public',
  'GET /api/public/mascotas/{id}/tarjeta.jpg': 'public',
  'GET /api/public/mascotas/{id}/tarjeta.png': 'public',
  'GET /api/mascotas/{id}/cartel.pdf': 'publicacion',
  'POST /api/mascotas/{id}/publicacion-sugerida': 'publicacion',
  'POST /api/public/solicitudes-adopcion': 'public',
  'GET /api/solicitudes-adopcion': 'adopciones',
  'GET /api/solicitudes-adopcion.csv': 'adopciones',
  'GET /api/solicitudes-adopcion.xlsx': 'adopciones',
  'GET /api/solicitudes-adopcion/{id}': 'adopciones',
  'POST /api/solicitudes-adopcion/{id}/estado': 'adopciones',
  'POST /api/solicitudes-adopcion/{id}/notas': 'adopciones',
  'GET /api/organizacion': 'cuenta',
  'PUT /api/organizacion': 'ajustes',
  'GET /api/plantillas': 'ajustes',
  'PUT /api/plantillas/{clave}': 'ajustes',
  'POST /api/plantillas/{clave}/vista-previa': 'ajustes',
  'GET /api/mensajes': 'mensajes',
  'POST /api/mensajes/{id}/reintentar': 'mensajes',
  'POST /api/personas/{id}/mensajes': 'mensajes',
  'GET /api/cuenta/avisos': 'cuenta',
  'PUT /api/cuenta/avisos': 'cuenta',
  'GET /api/auditoria': 'ajustes',
  'GET /api/mascotas/{id}/historial': 'mascotas.ver',
  'GET /api/mascotas/{id}/salud': 'cuidados.ver',
  'GET /api/salud.csv': 'importar',
  'GET /api/salud.xlsx': 'importar',
  'POST /api/mascotas/{id}/salud': 'cuidados.registrar',
  'POST /api/mascotas/{id}/salud/protocolo': 'cuidados.registrar',
  'GET /api/mascotas/{id}/salud.pdf': 'cuidados.ver',
  'PATCH /api/salud/{id}': 'cuidados.registrar',
  'POST /api/salud/{id}/hecho': 'cuidados.registrar',
  'POST /api/salud/{id}/hecho/deshacer': 'cuidados.registrar',
  'DELETE /api/salud/{id}': 'cuidados.registrar',
  'POST /api/salud/{id}/adjuntos': 'cuidados.registrar',
  'GET /api/salud/{id}/adjuntos/{adjuntoId}': 'cuidados.ver',
  'DELETE /api/salud/{id}/adjuntos/{adjuntoId}': 'cuidados.registrar',
  'GET /api/salud/pendientes': 'cuidados.ver',
  'GET /api/protocolos': 'cuidados.ver',
  'POST /api/protocolos': 'cuidados.protocolos',
  'PUT /api/protocolos/{id}': 'cuidados.protocolos',
  'GET /api/personas': 'personas.ver',
  'GET /api/personas.csv': 'importar',
  'GET /api/personas.xlsx': 'importar',
  'POST /api/personas': 'personas.editar',
  'GET /api/personas/{id}': 'personas.ver',
  'PATCH /api/personas/{id}': 'personas.editar',
  'GET /api/personas/{id}/duplicados': 'personas.editar',
  'POST /api/personas/{id}/duplicados/{otraId}/descartar': 'personas.editar',
  'POST /api/personas/{id}/fusionar': 'personas.editar',
  'POST /api/personas/{id}/anonimizar': 'personas.rgpd',
  'GET /api/personas/{id}/exportar': 'personas.rgpd',
  'GET /api/personas/{id}/historial': 'personas.ver',
  'GET /api/publicaciones': 'publicacion',
  'POST /phpApi/mascota/{id}/publicacion': 'publicacion',
  'POST /api/publicaciones/lote': 'publicacion',
  'POST /api/mascotas/lote': 'mascotas.editar',
  'GET /api/dashboard': 'cuenta',
  'GET /api/pendientes': 'cuenta',
  'POST /api/trabajos/{id}/reintentar': 'ajustes',
  'GET /api/ai/estado': 'cuenta',
  'POST /api/ai/etiquetas': 'mascotas.editar',
  'POST /api/ai/mejorar-texto': 'mascotas.editar',
  'GET /api/paquetes': 'publicacion',
  'POST /api/paquetes': 'publicacion',
  'GET /api/paquetes/{id}': 'publicacion',
  'PATCH /api/paquetes/{id}': 'publicacion',
  'POST /api/paquetes/{id}/archivar': 'publicacion',
  'POST /api/paquetes/{id}/restaurar': 'publicacion',
  'GET /api/enlaces': 'publicacion',
  'POST /api/enlaces': 'publicacion',
  'GET /api/enlaces/{id}': 'publicacion',
  'POST /api/enlaces/{id}/revocar': 'publicacion',
  'POST /api/enlaces/{id}/extender': 'publicacion',
  'GET /api/public/enlaces/{linkId}': 'public',
  'POST /api/public/registro-mascota': 'public',
  'GET /api/solicitudes-publicacion': 'publicacion',
  'GET /api/solicitudes-publicacion/{id}': 'publicacion',
  'POST /api/solicitudes-publicacion/{id}/aprobar': 'publicacion',
  'POST /api/solicitudes-publicacion/{id}/rechazar': 'publicacion',
  'GET /api/solicitudes-publicacion/{id}/media/{index}': 'publicacion',
  'GET /api/solicitudes-publicacion/{id}/media/{index}/miniatura': 'publicacion',
  'GET /api/mascotas/{id}/movimientos': 'movimientos',
  'POST /api/mascotas/{id}/movimientos': 'movimientos',
  'GET /api/mascotas/{id}/acogidas-sugeridas': 'movimientos',
  'GET /api/personas/{id}/acogida': 'movimientos',
  'PUT /api/personas/{id}/acogida': 'movimientos',
  'GET /api/acogidas': 'movimientos',
  'GET /api/mascotas/{id}/busco-acogida': 'movimientos',
  'POST /api/mascotas/{id}/busco-acogida': 'movimientos',
  'POST /api/mascotas/{id}/busco-acogida/{ofertaId}/colocar': 'movimientos',
  'GET /api/acogida-oferta/{token}': 'public',
  'POST /api/acogida-oferta/{token}': 'public',
  'GET /api/personas/{id}/portal': 'movimientos',
  'POST /api/personas/{id}/portal': 'movimientos',
  'DELETE /api/personas/{id}/portal': 'movimientos',
  'GET /api/personas/{id}/voluntariado': 'voluntariado',
  'PUT /api/personas/{id}/voluntariado': 'voluntariado',
  'POST /api/personas/{id}/voluntariado/enlace': 'voluntariado',
  'GET /api/personas/{id}/voluntariado/enlace': 'voluntariado',
  'DELETE /api/personas/{id}/voluntariado/enlace': 'voluntariado',
  'POST /api/personas/{id}/voluntariado/acuerdo': 'voluntariado',
  'GET /api/personas/{id}/voluntariado/horas': 'voluntariado',
  'GET /api/personas/{id}/voluntariado/certificado': 'voluntariado',
  'GET /api/turnos': 'voluntariado',
  'POST /api/turnos': 'voluntariado',
  'GET /api/turnos/plantillas': 'voluntariado',
  'POST /api/turnos/plantillas': 'voluntariado',
  'PUT /api/turnos/plantillas/{id}': 'voluntariado',
  'GET /api/turnos/{id}': 'voluntariado',
  'DELETE /api/turnos/{id}': 'voluntariado',
  'POST /api/turnos/{id}/recordatorio': 'voluntariado',
  'POST /api/turnos/{id}/asistencia': 'voluntariado',
  'GET /api/voluntariado/{token}': 'public',
  'POST /api/voluntariado/{token}/turnos/{id}': 'public',
  'DELETE /api/voluntariado/{token}/turnos/{id}': 'public',
  'GET /api/portal/{token}': 'public',
  'GET /api/portal/{token}/mascotas/{mascotaId}/foto': 'public',
  'POST /api/portal/{token}/novedades': 'public',
  'GET /api/novedades': 'adopciones',
  'GET /api/novedades/{id}/fotos/{indice}': 'adopciones',
  'POST /api/novedades/{id}/aceptar': 'adopciones',
  'POST /api/novedades/{id}/rechazar': 'adopciones',
  'POST /api/solicitudes-adopcion/{id}/contrato': 'adopciones',
  'POST /api/solicitudes-adopcion/{id}/contacto': 'adopciones',
  'GET /api/solicitudes-adopcion/{id}/contrato/preparacion': 'adopciones',
  'POST /api/mascotas/{id}/movimientos/{movimientoId}/acta': 'movimientos',
  'GET /api/solicitudes-adopcion/{id}/cuota': 'adopciones',
  'PUT /api/solicitudes-adopcion/{id}/cuota': 'adopciones',
  'GET /api/documentos': 'adopciones',
  'GET /api/documentos/{id}': 'adopciones',
  'GET /api/documentos/{id}/pdf': 'adopciones',
  'POST /api/documentos/{id}/anular': 'adopciones',
  'GET /api/documentos/{id}/verificar': 'adopciones',
  'POST /api/documentos/{id}/enviar': 'adopciones',
  'POST /api/documentos/{id}/firmar': 'adopciones',
  'GET /api/firma/{token}': 'public',
  'GET /api/firma/{token}/pdf': 'public',
  'POST /api/firma/{token}/codigo': 'public',
  'POST /api/firma/{token}': 'public',
  'GET /api/seguimientos': 'adopciones',
  'POST /api/seguimientos/{id}/enviar': 'adopciones',
  'POST /api/seguimientos/{id}/hecho': 'adopciones',
  'POST /api/seguimientos/{id}/deshacer': 'adopciones',
  'POST /api/seguimientos/{id}/atendido': 'adopciones',
  'POST /api/seguimientos/{id}/galeria': 'adopciones',
  'GET /api/seguimientos/{id}/fotos/{indice}': 'adopciones',
  'GET /api/seguimiento/{token}': 'public',
  'GET /api/seguimiento/{token}/foto': 'public',
  'POST /api/seguimiento/{token}': 'public',
  'POST /api/personas/{id}/cuotas': 'dinero',
  'POST /api/cuotas/{id}/baja': 'dinero',
  'POST /api/cuotas/{id}/confirmar': 'dinero',
  'GET /api/public/colabora': 'public',
  'POST /api/public/colabora': 'public',
  'POST /api/donativos/{id}/confirmar': 'dinero',
  'GET /api/cuotas': 'dinero',
  'GET /api/cuotas.csv': 'dinero',
  'GET /api/cuotas.xlsx': 'dinero',
  'POST /api/donativos': 'dinero',
  'GET /api/donativos': 'dinero',
  'GET /api/donativos.csv': 'dinero',
  'GET /api/donativos.xlsx': 'dinero',
  'POST /api/donativos/{id}/anular': 'dinero',
  'POST /api/donativos/{id}/devolucion': 'dinero',
  'POST /api/donativos/importar': 'dinero',
  'POST /api/donativos/importar/{id}/confirmar': 'dinero',
  'GET /api/fiscal/modelo-182/revision': 'dinero',
  'GET /api/fiscal/modelo-182': 'dinero',
  'POST /api/fiscal/modelo-182/presentaciones': 'dinero',
  'PATCH /api/donativos/{id}': 'dinero',
  'POST /api/donativos/{id}/usar-datos': 'dinero',
  'POST /api/cuotas/{id}/usar-datos': 'dinero',
  'GET /api/personas/{id}/certificado-donaciones': 'dinero',
  'GET /api/libro-registro': 'libro',
  'GET /api/libro-registro/verificar': 'libro',
  'POST /api/certificados-donaciones/enviar': 'dinero',
  'PATCH /api/cuotas/{id}': 'dinero',
  'POST /api/cuotas/{id}/mascota': 'dinero',
  'GET /api/remesas/previsualizacion': 'dinero',
  'POST /api/remesas': 'dinero',
  'GET /api/remesas': 'dinero',
  'GET /api/remesas/{id}': 'dinero',
  'GET /api/remesas/{id}/xml': 'dinero',
  'POST /api/inspecciones': 'inspecciones',
  'GET /api/inspecciones': 'inspecciones',
  'DELETE /api/inspecciones/{id}': 'inspecciones',
  'GET /api/inspeccion/{token}': 'public',
  'GET /api/inspeccion/{token}/mascotas/{id}': 'public',
  'GET /api/memoria': 'informes',
  'GET /api/informes': 'informes',
  'GET /api/informes/suscripciones': 'informes',
  'GET /api/informes/{clave}': 'informes',
  'POST /api/informes/{clave}/suscripcion': 'informes',
  'DELETE /api/informes/{clave}/suscripcion': 'informes',
  'POST /api/importaciones': 'importar',
  'PUT /api/importaciones/{id}/mapeo': 'importar',
  'POST /api/importaciones/{id}/confirmar': 'importar',
  'GET /api/importaciones/{id}': 'importar',
  'POST /api/importaciones/{id}/deshacer': 'importar',
  'POST /api/public/cesiones': 'public',
  'GET /api/cesiones': 'cesiones',
  'GET /api/cesiones/{id}': 'cesiones',
  'POST /api/cesiones/{id}/estado': 'cesiones',
  'POST /api/cesiones/{id}/notas': 'cesiones',
  'GET /api/cesiones/{id}/fotos/{indice}': 'cesiones',
  'POST /api/cesiones/{id}/contrato': 'cesiones',
  'GET /api/cesiones/{id}/mensaje': 'cesiones',
  'GET /api/cesiones/{id}/mensajes': 'cesiones',
  'POST /api/cesiones/{id}/mensajes': 'cesiones',
  'POST /api/public/avisos': 'public',
  'GET /api/public/avisos': 'public',
  'GET /api/public/avisos/{token}': 'public',
  'PATCH /api/public/avisos/{token}': 'public',
  'GET /api/public/avisos/{id}/fotos/{indice}': 'public',
  'GET /api/public/avisos/{id}/tarjeta.jpg': 'public',
  'GET /api/public/avisos/{id}/tarjeta.png': 'public',
  'GET /api/public/avisos/{token}/cartel.pdf': 'public',
  'GET /api/avisos': 'cesiones',
  'GET /api/avisos/{id}/coincidencias': 'cesiones',
  'GET /api/avisos/{id}': 'cesiones',
  'POST /api/avisos/{id}/estado': 'cesiones',
  'GET /api/avisos/{id}/fotos/{indice}': 'cesiones',
  'GET /api/avisos/{id}/cartel.pdf': 'cesiones',
};

/**
 * Who asks: a built-in role's name, or the signed-in user as the server resolves it. A user with an organisation
 * role (DESIGN section 21) carries its capabilities (`capacidades`) and its masking (`enmascarar`), which decide
 * instead of the built-in role.
 */
export type Asker = string | { role: string; capacidades?: readonly string[] | null; enmascarar?: boolean | null } | null | undefined;

/** What stays with Administrador: never given to an organisation role (DESIGN section 21: users, settings, roles, the audit log, the RGPD export). */
export const ADMIN_ONLY_CAPABILITIES: readonly Capability[] = ['usuarios', 'ajustes', 'personas.rgpd'];

/** The capabilities of a built-in role, in the table's order. */
export function capabilitiesOfRole(role: string): Capability[] {
  return (Object.keys(CAPABILITIES) as Capability[]).filter((c) => (CAPABILITIES[c] as readonly string[]).includes(role));
}

export function can(who: Asker, capability: Capability): boolean {
  if (!who) return false;
  if (typeof who === 'string') return (CAPABILITIES[capability] as readonly string[]).includes(who);
  if (who.capacidades) return who.capacidades.includes(capability);
  return can(who.role, capability);
}

/** `/api/personas/:id` (Fastify) and `/api/personas/{id}` (OpenAPI) as the table spells them. */
export function routePattern(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** What opens `METHOD pattern` (a Fastify or OpenAPI pattern), or undefined when the table does not name it. */
export function routePermission(method: string, pattern: string): RoutePermission | undefined {
  const key = `${method.toUpperCase()} ${routePattern(pattern)}`;
  const exact = ROUTE_PERMISSIONS[key];
  if (exact) return exact;
  const prefix = Object.keys(ROUTE_PERMISSIONS).find((k) => k.endsWith('*') && key.startsWith(k.slice(0, -1)));
  return prefix ? ROUTE_PERMISSIONS[prefix] : undefined;
}

/** Whether a signed-in role may call a route. */
export function canCall(who: Asker, method: string, pattern: string): boolean {
  const permission = routePermission(method, pattern);
  if (permission === undefined || permission === 'token') return false;
  return permission === 'public' || can(who, permission);
}

/** Voluntariado (and an organisation role that masks) sees persons' document, address and phone as `***`. */
export const MASK = '***';
/** The fields of a person (and of the records copying them: requests, surrenders, history) a masked role never sees. */
export const MASKED_PERSON_FIELDS: readonly string[] = ['documento', 'nif', 'telefono', 'direccion', 'codigoPostal'];
/**
 * What Voluntariado may see of a foster home holding a pet it works with, when the organisation allows it
 * (`contactoAcogidaVoluntariado`): the phone and the address, never the document.
 */
export const FOSTER_CONTACT_FIELDS: readonly string[] = ['telefono', 'direccion', 'codigoPostal'];
/** A volunteer works with a pet when it recorded or changed a care record of it within these many days. */
export const WORKING_WITH_PET_DAYS = 30;
/** Voluntariado, and an organisation role that masks (`enmascarar`). */
export function masksPersons(who: Asker): boolean {
  if (!who) return false;
  if (typeof who === 'string') return who === 'Voluntariado';
  if (who.capacidades) return who.enmascarar === true;
  return masksPersons(who.role);
}

export const isAdministrator = (role: string | null | undefined): boolean => role === ADMIN_ROLE;
