import type { LocaleShape } from '../en';

export const accountData: LocaleShape['accountData'] = {
  email: {
    title: 'Dirección de correo',
    current: 'Inicias sesión con {{usermail}}.',
    help: 'Enviamos un enlace a la nueva dirección. Tu dirección solo cambia cuando lo abres.',
    new: 'Nueva dirección de correo',
    password: 'Tu contraseña',
    submit: 'Enviar el enlace de confirmación',
  },
  confirm: {
    title: 'Confirma tu nueva dirección de correo',
    text: 'Confirma para iniciar sesión con la nueva dirección a partir de ahora.',
    submit: 'Confirmar la nueva dirección',
    missingToken: 'Este enlace está incompleto. Vuelve a abrir el enlace del correo.',
    toSettings: 'Ir a los ajustes de la cuenta',
    toLogin: 'Iniciar sesión',
  },
  sessions: {
    title: 'Sesiones y dispositivos',
    intro: 'Dónde está abierta tu cuenta. Cierra la sesión de un dispositivo que no reconozcas.',
    thisDevice: 'Este dispositivo',
    unknown: 'Dispositivo desconocido',
    device: '{{browser}} en {{system}}',
    delegated: 'Actúa en nombre de otra cuenta',
    lastUsed: 'Último uso {{date}}',
    address: 'Dirección {{ip}}',
    signOut: 'Cerrar sesión',
    signOutLabel: 'Cerrar la sesión de {{device}}',
    signOutOthers: 'Cerrar sesión en todos los demás',
    signedOut: 'Se ha cerrado la sesión.',
    othersSignedOut: 'Se ha cerrado tu sesión en todos los demás dispositivos.',
    noOthers: 'Solo tienes la sesión abierta en este dispositivo.',
  },
  export: {
    title: 'Descargar tus datos',
    intro:
      'Obtén un archivo zip con tus notas, colecciones, comentarios y archivos. Te enviaremos un correo cuando esté listo.',
    request: 'Preparar mis datos',
    preparing:
      'Se están preparando tus datos. Puedes salir de esta página; te enviaremos un correo.',
    ready: 'Listo. Puedes descargarlo hasta el {{date}}.',
    download: 'Descargar el zip ({{size}})',
    failed: 'No se pudieron preparar tus datos. Inténtalo de nuevo.',
    again: 'Preparar una copia nueva',
  },
  verify: {
    title: 'Verifica tu nombre',
    intro:
      'Demuestra tu nombre con {{name}}. Tus conexiones verán tu nombre oficial con una marca de verificación y podrás iniciar sesión con {{name}}.',
    start: 'Verificar mi nombre con {{name}}',
    again: 'Verificar de nuevo',
    waiting: 'Esperando a que {{name}} confirme tu nombre…',
    timeout: 'El servicio de identidad aún no ha confirmado tu nombre.',
    waitAgain: 'Seguir esperando',
    done: 'Tu nombre está verificado: {{name}}',
    failed: 'No se pudo verificar tu nombre. Inténtalo de nuevo.',
    link: 'Verifica tu nombre',
  },
  delete: {
    title: 'Eliminar la cuenta',
    intro:
      'Tu cuenta se desactiva al instante y se elimina con todo su contenido tras un periodo de gracia. Si inicias sesión durante ese periodo, se cancela la eliminación.',
    reason: '¿Por qué te vas?',
    reasonRequired: 'Indica un motivo',
    password: 'Tu contraseña',
    submit: 'Eliminar mi cuenta',
    confirmTitle: '¿Eliminar tu cuenta?',
    confirmText: 'Se cerrará tu sesión en todas partes ahora.',
    confirm: 'Eliminar',
  },
  privacy: {
    title: 'Política de privacidad',
    shipped:
      'Esta es la política predeterminada del software Memoria; este servicio aún no ha definido la suya.',
  },
  help: {
    title: 'Ayuda',
    'questions-and-answers': 'Preguntas y respuestas',
    privacy: 'Privacidad',
    'about-us': 'Quiénes somos',
    'service-conditions': 'Condiciones del servicio',
    contact: 'Contacto',
  },
};
