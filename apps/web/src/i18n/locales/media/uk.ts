import type { LocaleShape } from '../en';

export const media: LocaleShape['media'] = {
  upload: {
    addFiles: 'Додати фото, відео або документи',
    picture: 'Обкладинка',
    addPicture: 'Завантажити зображення',
    changePicture: 'Змінити зображення',
    removePicture: 'Видалити зображення',
    invalidFileType: 'Неправильний тип файлу',
    maxFileSize: 'Файл завеликий. Максимальний розмір — {{limit}} МБ.',
    failed: 'Не вдалося завантажити {{name}}: {{error}}',
    progress: 'Завантаження {{name}}',
    retry: 'Повторити завантаження {{name}}',
    cancel: 'Скасувати завантаження {{name}}',
    remove: 'Видалити {{name}}',
    waiting: 'Зачекайте, доки завантаження завершаться',
  },
  editor: {
    section: 'Вкладення',
    empty: 'Вкладень ще немає.',
    moveBefore: 'Перемістити {{name}} раніше',
    moveAfter: 'Перемістити {{name}} пізніше',
  },
  view: {
    photo: 'Фото {{index}} з {{total}}',
    video: 'Відео {{index}} з {{total}}',
    conversionPending: 'Триває конвертація',
    conversionFailed: 'Не вдалося конвертувати це відео',
    documents: 'Документи',
    download: 'Завантажити {{name}}',
    downloadFailed: 'Не вдалося завантажити файл',
    more: '+{{n}}',
  },
  gallery: {
    title: 'Галерея',
    close: 'Закрити галерею',
    previous: 'Попереднє',
    next: 'Наступне',
    position: '{{index}} / {{total}}',
    notFound: 'Цього елемента більше немає в нотатці.',
    videoPlayError: 'Неможливо відтворити відео',
  },
};
