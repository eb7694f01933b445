import type { MessageCatalogue } from './en.js';

export const es: MessageCatalogue = {
  // validation
  'validation.required': 'Este valor es obligatorio.',
  'validation.invalid': 'Este valor no es válido.',
  'validation.email': 'Introduce una dirección de correo electrónico válida.',
  'validation.passwordWeak':
    'La contraseña necesita al menos 8 caracteres y tres de estos: minúscula, mayúscula, dígito, uno de !@#$%^&*.',
  'validation.passwordTooLong': 'La contraseña es demasiado larga.',
  'validation.passwordWrong': 'La contraseña no es correcta.',
  'validation.passwordSame': 'La nueva contraseña debe ser distinta de la actual.',
  'validation.codeInvalid': 'Introduce el código de 6 dígitos.',
  'validation.language': 'No se puede establecer este idioma',
  'validation.country': 'Elige un país.',
  'validation.tooLong': 'Este valor es demasiado largo.',
  'validation.tooShort': 'Este valor es demasiado corto.',
  'validation.phone':
    'El número de teléfono debe tener el formato +XXXXXXXXXX (con el prefijo del país).',
  'validation.colour': 'Código de color no válido',
  'validation.pinFormat': 'El PIN debe tener entre 4 y 8 dígitos.',
  'validation.pinWrong': 'El PIN actual no es correcto.',
  'validation.twoFactorMethod': 'Elige correo electrónico o aplicación de autenticación.',
  'validation.emailTaken': 'Ya existe una cuenta con esta dirección de correo electrónico.',
  'validation.unknownField': 'No se esperaba este campo.',
  'validation.type': 'Este valor es de un tipo incorrecto.',
  'validation.number': 'Este valor debe ser un número.',
  'validation.min': 'Este valor debe ser como mínimo {min}.',
  'validation.max': 'Este valor debe ser como máximo {max}.',
  // errors
  'error.badRequest': 'No se ha podido entender la solicitud.',
  'error.invalidJson': 'El cuerpo de la solicitud no es JSON válido.',
  'error.unsupportedMediaType': 'Este tipo de contenido no es compatible.',
  'error.payloadTooLarge': 'La solicitud es demasiado grande.',
  'error.unauthorized': 'Tienes que iniciar sesión.',
  'error.tokenExpired': 'Tu sesión ha terminado. Vuelve a iniciar sesión.',
  'error.forbidden': 'No tienes autorización para realizar esta acción',
  'error.accessDenied': 'No puedes acceder a esta información',
  'error.notFound': 'Esa página no existe',
  'error.methodNotAllowed': 'Este método no está permitido aquí.',
  'error.conflict': 'Esto entra en conflicto con el estado actual.',
  'error.tooManyRequests': 'Demasiados intentos. Espera {minutes} minutos y vuelve a intentarlo.',
  'error.server': 'Problema de conexión',
  'error.validation': 'Los datos que has enviado no son válidos.',
  'error.storageLimit': 'Has superado tu cuota de almacenamiento.',
  // session
  'auth.invalidCredentials': 'Correo electrónico o contraseña incorrectos.',
  'auth.notActivated':
    'Tu cuenta aún no está activada. Introduce el código que te hemos enviado por correo electrónico.',
  'auth.accountDisabled': 'Esta cuenta se ha desactivado. Ponte en contacto con el soporte.',
  'auth.codeInvalid': 'El código de autenticación no es válido o es incorrecto.',
  'auth.codeExpired':
    'El código ha caducado o se han hecho demasiados intentos. Solicita un código nuevo.',
  'auth.codeSent': 'Correo con el código de autenticación enviado.',
  'auth.twoFactorRequired': 'Introduce el código de tu aplicación de autenticación.',
  'auth.alreadyActivated': 'Esta cuenta ya está activada.',
  'auth.activated': 'Tu cuenta está activada.',
  'auth.verificationSent': 'Te hemos enviado un nuevo código de verificación.',
  'auth.resetSent':
    'Si existe una cuenta con esta dirección, te hemos enviado un enlace para restablecer la contraseña.',
  'auth.resetTokenInvalid': 'Este enlace de restablecimiento no es válido o ha caducado.',
  'auth.passwordChanged': 'Tu contraseña se ha cambiado.',
  'auth.twoFactorNotStarted': 'Primero inicia la configuración del inicio de sesión en dos pasos.',
  'auth.twoFactorEnabled': 'El inicio de sesión en dos pasos está activado.',
  'auth.twoFactorDisabled': 'El inicio de sesión en dos pasos está desactivado.',
  'auth.twoFactorRequiredForBackup': 'Primero activa el inicio de sesión en dos pasos.',
  'auth.sessionLimited': 'Activa tu cuenta para continuar.',
  'auth.pinInvalid': 'No válido',
  'auth.pinMissing': 'No hay ningún PIN configurado.',
  'auth.pinLocked': 'Demasiados PIN incorrectos. Restablece tu PIN con tu contraseña.',
  'auth.pinResetNeedsPassword': 'Confirma tu contraseña antes de restablecer el PIN.',
  'auth.pinSaved': 'Tu PIN se ha guardado.',
  'auth.pinReset': 'Tu PIN se ha eliminado.',
  'profile.notYours': 'No tienes autorización para realizar esta acción',
  // collections
  'collection.notFound': 'Colección no encontrada',
  'collection.publicNotAllowed': 'Tu cuenta no puede crear colecciones públicas.',
  'collection.publicLimit':
    'Puedes tener como máximo {limit} colecciones públicas. Pásate a Silver para tener más.',
  'collection.followersNeedSubscription': 'Compartir con seguidores requiere una suscripción.',
  'collection.collaborationUnavailable':
    'La colaboración no está disponible en colecciones privadas, para seguidores o públicas.',
  'collection.collaborationNeedsSubscription':
    'La colaboración requiere una suscripción o un espacio de trabajo.',
  'collection.checklistNeedsCollaboration':
    'Activa la colaboración antes de compartir la lista de tareas.',
  'collection.notConnected': 'Solo puedes compartir una colección con tus conexiones activas.',
  'collection.addDocumentsFirst':
    'Permite primero añadir documentos antes de permitir reemplazarlos.',
  'collection.replaceDocumentsFirst':
    'Permite primero reemplazar documentos antes de conservar sus versiones.',
  // media
  'media.fileRequired': 'Elige un archivo para subir.',
  'media.invalidFileType': 'Tipo de archivo incorrecto',
  'media.maxFileSize': 'El archivo es demasiado grande. El tamaño máximo es de {limit} MB.',
  'media.storageLimitExceeded': 'Límite de almacenamiento superado',
  'media.imageUnreadable': 'No se puede leer esta imagen.',
  'media.notFound': 'Este archivo no existe.',
  'media.linkExpired': 'El enlace a este archivo ha caducado. Vuelve a cargar la página.',
  'media.notYourUpload': 'Este archivo no lo has subido tú.',
};
