import type { LocaleShape } from '../en';

export const media: LocaleShape['media'] = {
  upload: {
    addFiles: 'Añadir fotos, vídeos o documentos',
    picture: 'Imagen de portada',
    addPicture: 'Subir una imagen',
    changePicture: 'Cambiar imagen',
    removePicture: 'Quitar imagen',
    invalidFileType: 'Tipo de archivo incorrecto',
    maxFileSize: 'El archivo es demasiado grande. El tamaño máximo es de {{limit}} MB.',
    failed: 'No se pudo subir {{name}}: {{error}}',
    progress: 'Subiendo {{name}}',
    retry: 'Reintentar la subida de {{name}}',
    cancel: 'Cancelar la subida de {{name}}',
    remove: 'Quitar {{name}}',
    waiting: 'Espera a que terminen las subidas',
  },
  editor: {
    section: 'Adjuntos',
    empty: 'Todavía no hay adjuntos.',
    moveBefore: 'Mover {{name}} hacia delante',
    moveAfter: 'Mover {{name}} hacia atrás',
  },
  view: {
    photo: 'Foto {{index}} de {{total}}',
    video: 'Vídeo {{index}} de {{total}}',
    conversionPending: 'Conversión pendiente',
    conversionFailed: 'No se pudo convertir este vídeo',
    documents: 'Documentos',
    download: 'Descargar {{name}}',
    downloadFailed: 'La descarga ha fallado',
    more: '+{{n}}',
  },
  gallery: {
    title: 'Galería',
    close: 'Cerrar la galería',
    previous: 'Anterior',
    next: 'Siguiente',
    position: '{{index}} / {{total}}',
    notFound: 'Este elemento ya no está en la memo.',
    videoPlayError: 'No se puede reproducir el vídeo',
  },
};
