import type { LocaleShape } from '../en';

export const reports: LocaleShape['reports'] = {
  title: {
    memo: 'Denunciar esta nota',
    collection: 'Denunciar esta colección',
    profile: 'Denunciar este perfil',
  },
  text: 'Cuéntanos qué ocurre. Un moderador revisará tu denuncia.',
  reason: 'Motivo',
  reasonRequired: 'Indica un motivo',
  submit: 'Enviar denuncia',
  userReported: 'Gracias. El perfil ha sido denunciado.',
  contentReported: 'Gracias. El contenido ha sido denunciado.',
  error: 'No se pudo enviar la denuncia. Inténtalo de nuevo.',
};
