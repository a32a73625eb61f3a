import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/plugins/access';
import { ADMIN, PUBLIC_URL, STAFF, type TestApp, createTestApp } from '../helpers/helpers';

/**
 * Who may call every route the server registers. A route missing here fails the test: each new endpoint
 * must be added with its expected access. Keys ending in '*' cover every route under that prefix.
 */
const expected: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/metrics': 'token',
  'GET /api/ready': 'public',
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'GET /api/docs*': 'public',
  'GET /api/functions/getUserRoleByUid': 'staff',
  'GET /api/functions/getFirestoreUsers': 'admin',
  'GET /api/users': 'admin',
  'POST /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'POST /api/users/:id/disable': 'admin',
  'POST /api/users/:id/enable': 'admin',
  'POST /api/users/:id/reset-password': 'admin',
  'DELETE /api/users/:id': 'admin',
  'GET /phpApi/mascotas': 'staff',
  'GET /api/mascotas.csv': 'staff',
  'GET /api/mascotas.xlsx': 'staff',
  'GET /phpApi/mascota/:id': 'staff',
  'POST /phpApi/mascota/nueva': 'staff',
  'POST /phpApi/mascota/:id/actualizar': 'staff',
  'POST /phpApi/mascota/:id/adopcion': 'staff',
  'POST /phpApi/mascota/:id/eliminar': 'staff',
  'POST /phpApi/mascota/:id/restaurar': 'staff',
  'GET /phpApi/mascota/:id/imagenes': 'public',
  'POST /phpApi/mascota/:id/imagenes/nueva': 'staff',
  'POST /phpApi/mascota/:id/imagenes/:imageId/eliminar': 'staff',
  'POST /phpApi/mascota/:id/imagenes/orden': 'staff',
  'POST /phpApi/mascota/:id/imagenes/:imageId/principal': 'staff',
  'GET /phpApi/storage/app/public/productos/:id/:file': 'public',
  'GET /phpApi/storage/app/public/productos/:id/thumbs/:file': 'public',
  'GET /api/mascotas/:id/videos': 'public',
  'POST /api/mascotas/:id/videos': 'staff',
  'GET /api/mascotas/:id/videos/:name': 'public',
  'DELETE /api/mascotas/:id/videos/:name': 'staff',
  'GET /api/public/mascotas': 'public',
  'GET /api/public/mascotas/:id': 'public',
  'GET /api/public/mascotas/:id/tarjeta.jpg': 'public',
  'GET /api/public/mascotas/:id/tarjeta.png': 'public',
  'GET /api/mascotas/:id/cartel.pdf': 'staff',
  'POST /api/mascotas/:id/publicacion-sugerida': 'staff',
  'POST /api/public/solicitudes-adopcion': 'public',
  'GET /api/solicitudes-adopcion': 'staff',
  'GET /api/solicitudes-adopcion.csv': 'staff',
  'GET /api/solicitudes-adopcion.xlsx': 'staff',
  'GET /api/solicitudes-adopcion/:id': 'staff',
  'POST /api/solicitudes-adopcion/:id/estado': 'staff',
  'POST /api/solicitudes-adopcion/:id/notas': 'staff',
  'GET /api/organizacion': 'staff',
  'PUT /api/organizacion': 'admin',
  'GET /api/plantillas': 'admin',
  'PUT /api/plantillas/:clave': 'admin',
  'POST /api/plantillas/:clave/vista-previa': 'admin',
  'GET /api/mensajes': 'staff',
  'POST /api/mensajes/:id/reintentar': 'staff',
  'POST /api/personas/:id/mensajes': 'staff',
  'GET /api/cuenta/avisos': 'staff',
  'PUT /api/cuenta/avisos': 'staff',
  'GET /api/auditoria': 'admin',
  'GET /api/mascotas/:id/historial': 'staff',
  'GET /api/mascotas/:id/salud': 'staff',
  'POST /api/mascotas/:id/salud': 'staff',
  'POST /api/mascotas/:id/salud/protocolo': 'staff',
  'GET /api/mascotas/:id/salud.pdf': 'staff',
  'PATCH /api/salud/:id': 'staff',
  'POST /api/salud/:id/hecho': 'staff',
  'POST /api/salud/:id/hecho/deshacer': 'staff',
  'DELETE /api/salud/:id': 'staff',
  'POST /api/salud/:id/adjuntos': 'staff',
  'GET /api/salud/:id/adjuntos/:adjuntoId': 'staff',
  'DELETE /api/salud/:id/adjuntos/:adjuntoId': 'staff',
  'GET /api/salud/pendientes': 'staff',
  'GET /api/protocolos': 'staff',
  'POST /api/protocolos': 'admin',
  'PUT /api/protocolos/:id': 'admin',
  'GET /api/personas': 'staff',
  'POST /api/personas': 'staff',
  'GET /api/personas/:id': 'staff',
  'PATCH /api/personas/:id': 'staff',
  'GET /api/personas/:id/duplicados': 'staff',
  'POST /api/personas/:id/duplicados/:otraId/descartar': 'staff',
  'POST /api/personas/:id/fusionar': 'staff',
  'POST /api/personas/:id/anonimizar': 'admin',
  'GET /api/personas/:id/exportar': 'staff',
  'GET /api/personas/:id/historial': 'staff',
  'GET /api/publicaciones': 'staff',
  'POST /phpApi/mascota/:id/publicacion': 'staff',
  'POST /api/publicaciones/lote': 'staff',
  'POST /api/mascotas/lote': 'staff',
  'GET /api/dashboard': 'staff',
  'GET /api/pendientes': 'staff',
  'POST /api/trabajos/:id/reintentar': 'admin',
  'GET /api/ai/estado': 'staff',
  'POST /api/ai/etiquetas': 'staff',
  'POST /api/ai/mejorar-texto': 'staff',
  'GET /api/paquetes': 'staff',
  'POST /api/paquetes': 'staff',
  'GET /api/paquetes/:id': 'staff',
  'PATCH /api/paquetes/:id': 'staff',
  'POST /api/paquetes/:id/archivar': 'staff',
  'POST /api/paquetes/:id/restaurar': 'staff',
  'GET /api/enlaces': 'staff',
  'POST /api/enlaces': 'staff',
  'GET /api/enlaces/:id': 'staff',
  'POST /api/enlaces/:id/revocar': 'staff',
  'POST /api/enlaces/:id/extender': 'staff',
  'GET /api/public/enlaces/:linkId': 'public',
  'POST /api/public/registro-mascota': 'public',
  'GET /api/solicitudes-publicacion': 'staff',
  'GET /api/solicitudes-publicacion/:id': 'staff',
  'POST /api/solicitudes-publicacion/:id/aprobar': 'staff',
  'POST /api/solicitudes-publicacion/:id/rechazar': 'staff',
  'GET /api/solicitudes-publicacion/:id/media/:index': 'staff',
  'GET /api/solicitudes-publicacion/:id/media/:index/miniatura': 'staff',
  'GET /api/mascotas/:id/movimientos': 'staff',
  'POST /api/mascotas/:id/movimientos': 'staff',
  'GET /api/mascotas/:id/acogidas-sugeridas': 'staff',
  'GET /api/personas/:id/acogida': 'staff',
  'PUT /api/personas/:id/acogida': 'staff',
  'GET /api/acogidas': 'staff',
  'GET /api/personas/:id/portal': 'staff',
  'POST /api/personas/:id/portal': 'staff',
  'DELETE /api/personas/:id/portal': 'staff',
  'GET /api/personas/:id/voluntariado': 'staff',
  'PUT /api/personas/:id/voluntariado': 'staff',
  'POST /api/personas/:id/voluntariado/acuerdo': 'staff',
  'POST /api/personas/:id/voluntariado/enlace': 'staff',
  'GET /api/personas/:id/voluntariado/enlace': 'staff',
  'DELETE /api/personas/:id/voluntariado/enlace': 'staff',
  'GET /api/personas/:id/voluntariado/horas': 'staff',
  'GET /api/personas/:id/voluntariado/certificado': 'staff',
  'GET /api/turnos': 'staff',
  'POST /api/turnos': 'staff',
  'GET /api/turnos/plantillas': 'staff',
  'POST /api/turnos/plantillas': 'staff',
  'PUT /api/turnos/plantillas/:id': 'staff',
  'GET /api/turnos/:id': 'staff',
  'DELETE /api/turnos/:id': 'staff',
  'POST /api/turnos/:id/recordatorio': 'staff',
  'POST /api/turnos/:id/asistencia': 'staff',
  'GET /api/voluntariado/:token': 'public',
  'POST /api/voluntariado/:token/turnos/:id': 'public',
  'DELETE /api/voluntariado/:token/turnos/:id': 'public',
  'GET /api/mascotas/:id/busco-acogida': 'staff',
  'POST /api/mascotas/:id/busco-acogida': 'staff',
  'POST /api/mascotas/:id/busco-acogida/:ofertaId/colocar': 'staff',
  'GET /api/acogida-oferta/:token': 'public',
  'POST /api/acogida-oferta/:token': 'public',
  'GET /api/portal/:token': 'public',
  'GET /api/portal/:token/mascotas/:mascotaId/foto': 'public',
  'POST /api/portal/:token/novedades': 'public',
  'GET /api/novedades': 'staff',
  'GET /api/novedades/:id/fotos/:indice': 'staff',
  'POST /api/novedades/:id/aceptar': 'staff',
  'POST /api/novedades/:id/rechazar': 'staff',
  'POST /api/solicitudes-adopcion/:id/contrato': 'staff',
  'POST /api/solicitudes-adopcion/:id/contacto': 'staff',
  'GET /api/solicitudes-adopcion/:id/contrato/preparacion': 'staff',
  'POST /api/mascotas/:id/movimientos/:movimientoId/acta': 'staff',
  'GET /api/solicitudes-adopcion/:id/cuota': 'staff',
  'PUT /api/solicitudes-adopcion/:id/cuota': 'staff',
  'GET /api/documentos': 'staff',
  'GET /api/documentos/:id': 'staff',
  'GET /api/documentos/:id/pdf': 'staff',
  'POST /api/documentos/:id/anular': 'staff',
  'GET /api/documentos/:id/verificar': 'staff',
  'POST /api/documentos/:id/enviar': 'staff',
  'POST /api/documentos/:id/firmar': 'staff',
  'GET /api/firma/:token': 'public',
  'GET /api/firma/:token/pdf': 'public',
  'POST /api/firma/:token/codigo': 'public',
  'POST /api/firma/:token': 'public',
  'GET /api/seguimientos': 'staff',
  'POST /api/seguimientos/:id/enviar': 'staff',
  'POST /api/seguimientos/:id/hecho': 'staff',
  'POST /api/seguimientos/:id/deshacer': 'staff',
  'POST /api/seguimientos/:id/atendido': 'staff',
  'POST /api/seguimientos/:id/galeria': 'staff',
  'GET /api/seguimientos/:id/fotos/:indice': 'staff',
  'GET /api/seguimiento/:token': 'public',
  'GET /api/seguimiento/:token/foto': 'public',
  'POST /api/seguimiento/:token': 'public',
  'POST /api/personas/:id/cuotas': 'admin',
  'POST /api/cuotas/:id/baja': 'admin',
  'POST /api/cuotas/:id/confirmar': 'admin',
  'GET /api/public/colabora': 'public',
  'POST /api/public/colabora': 'public',
  'POST /api/donativos/:id/confirmar': 'admin',
  'GET /api/cuotas': 'admin',
  'GET /api/cuotas.csv': 'admin',
  'GET /api/cuotas.xlsx': 'admin',
  'POST /api/donativos': 'admin',
  'GET /api/donativos': 'admin',
  'GET /api/donativos.csv': 'admin',
  'GET /api/donativos.xlsx': 'admin',
  'POST /api/donativos/:id/anular': 'admin',
  'POST /api/donativos/:id/devolucion': 'admin',
  'POST /api/donativos/importar': 'admin',
  'POST /api/donativos/importar/:id/confirmar': 'admin',
  'GET /api/fiscal/modelo-182/revision': 'admin',
  'GET /api/fiscal/modelo-182': 'admin',
  'GET /api/personas/:id/certificado-donaciones': 'admin',
  'GET /api/libro-registro': 'staff',
  'GET /api/libro-registro/verificar': 'staff',
  'POST /api/certificados-donaciones/enviar': 'admin',
  'PATCH /api/cuotas/:id': 'admin',
  'POST /api/cuotas/:id/mascota': 'admin',
  'GET /api/remesas/previsualizacion': 'admin',
  'POST /api/remesas': 'admin',
  'GET /api/remesas': 'admin',
  'GET /api/remesas/:id': 'admin',
  'GET /api/remesas/:id/xml': 'admin',
  'POST /api/inspecciones': 'admin',
  'GET /api/inspecciones': 'admin',
  'DELETE /api/inspecciones/:id': 'admin',
  'GET /api/inspeccion/:token': 'public',
  'GET /api/inspeccion/:token/mascotas/:id': 'public',
  'GET /api/memoria': 'staff',
  'GET /api/informes': 'staff',
  'GET /api/informes/suscripciones': 'staff',
  'GET /api/informes/:clave': 'staff',
  'POST /api/informes/:clave/suscripcion': 'staff',
  'DELETE /api/informes/:clave/suscripcion': 'staff',
  'POST /api/importaciones': 'admin',
  'PUT /api/importaciones/:id/mapeo': 'admin',
  'POST /api/importaciones/:id/confirmar': 'admin',
  'GET /api/importaciones/:id': 'admin',
  'POST /api/importaciones/:id/deshacer': 'admin',
  'POST /api/public/cesiones': 'public',
  'GET /api/cesiones': 'staff',
  'GET /api/cesiones/:id': 'staff',
  'POST /api/cesiones/:id/estado': 'staff',
  'POST /api/cesiones/:id/notas': 'staff',
  'POST /api/cesiones/:id/contrato': 'staff',
  'GET /api/cesiones/:id/fotos/:indice': 'staff',
  'POST /api/public/avisos': 'public',
  'GET /api/public/avisos': 'public',
  'GET /api/public/avisos/:token': 'public',
  'PATCH /api/public/avisos/:token': 'public',
  'GET /api/avisos': 'staff',
  'GET /api/avisos/:id/coincidencias': 'staff',
  'GET /api/avisos/:id': 'staff',
  'POST /api/avisos/:id/estado': 'staff',
  'GET /api/avisos/:id/fotos/:indice': 'staff',
  'GET /api/avisos/:id/cartel.pdf': 'staff',
  'GET /api/public/avisos/:id/fotos/:indice': 'public',
  'GET /api/public/avisos/:id/tarjeta.jpg': 'public',
  'GET /api/public/avisos/:id/tarjeta.png': 'public',
  'GET /api/public/avisos/:token/cartel.pdf': 'public',
};

function expectedAccess(route: string): Access | undefined {
  if (route in expected) return expected[route];
  const prefix = Object.keys(expected).find((k) => k.endsWith('*') && route.startsWith(k.slice(0, -1)));
  return prefix ? expected[prefix] : undefined;
}

/** A concrete URL for a route pattern: parameters get an id that does not exist, wildcards a harmless path. */
function concreteUrl(pattern: string): string {
  return pattern
    .replace(/:(id|imageId|index)\b/g, '999999')
    .replace(/:[A-Za-z]+/g, 'no-existe')
    .replace('/api/auth/*', '/api/auth/get-session')
    .replace(/\*$/, 'json');
}

describe('permission matrix', () => {
  let t: TestApp;
  let callers: Record<'anonymous' | 'staff' | 'admin', string | undefined>;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: 'token-de-metricas-de-prueba' });
    await t.createUser(ADMIN);
    await t.createUser(STAFF);
    callers = { anonymous: undefined, staff: await t.signIn(STAFF.email, STAFF.password), admin: await t.signIn(ADMIN.email, ADMIN.password) };
  });
  afterAll(() => t.close());

  it('declares the expected access for every registered route', () => {
    const registered = [...t.app.routeAccess.entries()];
    expect(registered.length).toBeGreaterThan(10);
    for (const [route, access] of registered) {
      expect(expectedAccess(route), `${route} is missing from the permission matrix`).toBeDefined();
      expect(access, route).toBe(expectedAccess(route));
    }
  });

  it('answers each caller as the matrix says', async () => {
    for (const route of t.app.routeAccess.keys()) {
      const [method, pattern] = route.split(' ') as [string, string];
      const access = expectedAccess(route);
      for (const [caller, cookie] of Object.entries(callers)) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: concreteUrl(pattern),
          headers: { origin: PUBLIC_URL, ...(cookie ? { cookie } : {}) },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const label = `${caller} ${route} -> ${res.statusCode}`;
        // The one 5xx a healthy server gives: a feature switched off by configuration (no AI provider here).
        const featureOff = res.statusCode === 503 && res.json<{ code?: string }>().code === 'AI_UNAVAILABLE';
        if (!featureOff) expect(res.statusCode, label).toBeLessThan(500);
        const allowed = access === 'public' || (access === 'staff' && caller !== 'anonymous') || (access === 'admin' && caller === 'admin');
        if (allowed) expect([401, 403], label).not.toContain(res.statusCode);
        // A token route: a session grants nothing, every caller without the token is unauthenticated.
        else if (access === 'token') expect(res.statusCode, label).toBe(401);
        else expect(res.statusCode, label).toBe(caller === 'anonymous' ? 401 : 403);
      }
    }
  });
});
