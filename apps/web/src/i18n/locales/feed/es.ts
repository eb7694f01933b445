import type { LocaleShape } from '../en';

export const feed: LocaleShape['feed'] = {
  feed: {
    title: 'Novedades',
    label: 'Notas de tus novedades',
    over: 'Ya estás al día.',
    emptyTitle: 'Tus novedades están vacías',
    emptyText:
      'Aquí aparecen las notas de las personas a las que sigues o con las que estás conectado. Descubre personas a las que seguir.',
    discoverPeople: 'Descubrir personas',
    newContent: 'Notas nuevas: mostrarlas',
    search: 'Buscar en las novedades',
    searchTitle: 'Buscar en tus novedades',
    searchLabel: 'Palabras de búsqueda',
    searchPlaceholder: 'Títulos, textos y etiquetas',
    searchHint: 'Escribe para buscar entre las notas de tus novedades.',
    noResults: 'Nada en tus novedades coincide con «{{search}}».',
    visitorTitle: 'Tus novedades te esperan',
    visitorText:
      'Las novedades muestran las notas de las personas a las que sigues o con las que estás conectado. Inicia sesión para verlas o explora las publicaciones públicas.',
    signIn: 'Iniciar sesión',
    signUp: 'Crear una cuenta',
    browse: 'Ver publicaciones públicas',
  },
  discover: {
    title: 'Descubrir',
    tabs: 'Qué descubrir',
    people: 'Personas',
    posts: 'Publicaciones',
    postsLabel: 'Publicaciones públicas',
    postsEmptyTitle: 'Todavía no hay publicaciones públicas',
    postsOver: 'Has visto todas las publicaciones públicas.',
    peopleLabel: 'Personas con perfil público',
    peopleEmptyTitle: 'Ahora mismo no hay nadie que sugerir',
    peopleEmptyText:
      'Aquí aparecen las personas cuando hacen público su perfil. Mientras tanto, invita a quienes conoces o explora las publicaciones públicas.',
    peopleEmptyTextVisitor:
      'Aquí aparecen las personas cuando hacen público su perfil. Mientras tanto, explora las publicaciones públicas o crea tu propia cuenta.',
    peopleEmptyInvite: 'Invitar a personas',
    peopleEmptyPosts: 'Explorar publicaciones públicas',
    peopleEmptySignUp: 'Crear una cuenta',
    peopleOver: 'Eso es todo por ahora.',
    viewProfile: 'Ver el perfil de {{name}}',
    follow: 'Seguir',
    unfollow: 'Dejar de seguir',
    connected: 'Conectado',
    verified: 'Verificado',
    followed: 'Ahora sigues a {{name}}.',
    unfollowed: 'Ya no sigues a {{name}}.',
    signInToFollow: 'Inicia sesión para seguir',
  },
};
