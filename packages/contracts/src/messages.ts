/**
 * The Spanish message catalogue shared by the server and the browser.
 * Strings quoted by the specification are kept word for word.
 */
export const messages = {
  errors: {
    BAD_REQUEST: 'La solicitud no es válida.',
    VALIDATION_ERROR: 'Revisa los datos: hay campos con errores.',
    INVALID_JSON: 'El cuerpo de la solicitud no es un JSON válido.',
    UNAUTHENTICATED: 'Usuario no autenticado. Por favor, inicia sesión.',
    INVALID_CREDENTIALS: 'Correo o contraseña incorrectos.',
    FORBIDDEN: 'No tienes permiso para realizar esta acción.',
    ACCOUNT_DISABLED: 'Tu cuenta está desactivada. Contacta con un administrador.',
    PASSWORD_CHANGE_REQUIRED: 'Debes cambiar tu contraseña antes de continuar.',
    NOT_FOUND: 'El recurso solicitado no existe.',
    METHOD_NOT_ALLOWED: 'Método no permitido para esta ruta.',
    CONFLICT: 'Otra persona modificó estos datos. Recarga para ver la versión más reciente.',
    PAYLOAD_TOO_LARGE: 'El contenido enviado supera el tamaño máximo permitido.',
    URI_TOO_LONG: 'La dirección solicitada es demasiado larga.',
    UNSUPPORTED_MEDIA_TYPE: 'Tipo de contenido no admitido.',
    RANGE_NOT_SATISFIABLE: 'El rango de bytes pedido está fuera del archivo.',
    UNPROCESSABLE: 'No se pudo procesar la solicitud.',
    RATE_LIMITED: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    HEADERS_TOO_LARGE: 'Las cabeceras de la solicitud son demasiado grandes.',
    INTERNAL: 'Ocurrió un error inesperado en el servidor. Inténtalo de nuevo.',
    AI_FAILED: 'Error al conectar con el servicio de IA',
    AI_NO_RESULT: 'Error al mejorar el texto con IA',
    AI_UNAVAILABLE: 'El asistente de IA no está configurado en este servidor.',
    SERVICE_UNAVAILABLE: 'El servicio no está disponible en este momento.',
  },
  auth: {
    signInRateLimited: 'Demasiados intentos de inicio de sesión. Espera un minuto y vuelve a intentarlo.',
    networkError: 'No se pudo conectar con el servidor. Revisa tu conexión e inténtalo de nuevo.',
    emailRequired: 'Ingresa tu correo electrónico.',
    emailInvalid: 'Ingresa un correo electrónico válido.',
    passwordRequired: 'Ingresa tu contraseña.',
    currentPasswordWrong: 'La contraseña actual no es correcta.',
    signUpDisabled: 'El registro público está desactivado. Pide una cuenta a un administrador.',
  },
  forms: {
    notMultipart: 'Envía el formulario como multipart/form-data.',
    unexpectedFile: (field: string) => `Campo de archivo no esperado: ${field}.`,
  },
  app: {
    loading: 'Cargando...',
    underConstruction: 'En construcción',
    notFoundTitle: 'Página no encontrada',
    notFoundText: 'La página que buscas no existe o fue movida.',
    signOut: 'Cerrar Sesión',
  },
  security: {
    multipartInvalid: 'El formulario no se pudo leer: envíalo como multipart/form-data completo, con un separador (boundary) válido.',
    originRefused: 'Solicitud rechazada: no proviene de esta aplicación. Recarga la página y vuelve a intentarlo.',
  },
  users: {
    listUnauthenticated: 'Usuario no autenticado. Por favor, inicia sesión.',
    listError: 'Error al obtener usuarios',
  },
} as const;
