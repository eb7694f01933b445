import type { Locale } from '@memoria/domain';
import type { AccountTemplates, MailContent, TemplateParams } from './types.js';

/**
 * The account's self-service mails (docs/RULES.md, The account): the confirmation link of a
 * new address, the notice to the old one, the scheduled deletion and the data export.
 */
interface AccountTexts {
  greeting: (name: string) => string;
  confirmSubject: string;
  confirmText: (usermail: string, hours: number) => string[];
  confirmAction: string;
  changedSubject: string;
  changedText: (usermail: string) => string[];
  deletionSubject: string;
  deletionText: (date: string) => string[];
  exportSubject: string;
  exportText: (days: number) => string[];
  exportAction: string;
  ignore: string;
}

const TEXTS: Record<Locale, AccountTexts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    confirmSubject: 'Confirm your new Memoria email address',
    confirmText: (mail, hours) => [
      `You asked to sign in to Memoria with ${mail} from now on. Open the link below to confirm it.`,
      `The link works once and for ${hours} hours. Until then your address stays as it is.`,
    ],
    confirmAction: 'Confirm the new address',
    changedSubject: 'Your Memoria email address was changed',
    changedText: (mail) => [
      `Your Memoria account now signs in with ${mail}. Mail no longer comes to this address.`,
      'If you did not do this, reset your password at once and contact support.',
    ],
    deletionSubject: 'Your Memoria account will be deleted',
    deletionText: (date) => [
      `As you asked, your account is disabled and will be deleted with everything it holds on ${date}.`,
      'Changed your mind? Sign in before that date and your account stays as it was.',
    ],
    exportSubject: 'Your Memoria data export is ready',
    exportText: (days) => [
      'The copy of your memos, collections, comments and files is ready. Download it from your account settings.',
      `It can be downloaded for ${days} days.`,
    ],
    exportAction: 'Open the account settings',
    ignore: 'If you did not ask for this, you can ignore this email. — Memoria',
  },
  nl: {
    greeting: (name) => `Hallo ${name},`,
    confirmSubject: 'Bevestig je nieuwe e-mailadres voor Memoria',
    confirmText: (mail, hours) => [
      `Je vroeg om je voortaan bij Memoria aan te melden met ${mail}. Open de link hieronder om dat te bevestigen.`,
      `De link werkt één keer en ${hours} uur lang. Tot dan blijft je adres zoals het is.`,
    ],
    confirmAction: 'Nieuw adres bevestigen',
    changedSubject: 'Je e-mailadres bij Memoria is gewijzigd',
    changedText: (mail) => [
      `Je Memoria-account meldt zich nu aan met ${mail}. Er komt geen e-mail meer naar dit adres.`,
      'Deed je dit niet zelf? Stel dan meteen je wachtwoord opnieuw in en neem contact op met support.',
    ],
    deletionSubject: 'Je Memoria-account wordt verwijderd',
    deletionText: (date) => [
      `Zoals je vroeg, is je account uitgeschakeld en wordt het op ${date} verwijderd met alles wat erin staat.`,
      'Toch niet? Meld je vóór die datum aan en je account blijft zoals het was.',
    ],
    exportSubject: 'Je Memoria-gegevensexport is klaar',
    exportText: (days) => [
      'De kopie van je memo’s, collecties, reacties en bestanden is klaar. Download ze in je accountinstellingen.',
      `Je kunt ze ${days} dagen downloaden.`,
    ],
    exportAction: 'Accountinstellingen openen',
    ignore: 'Heb je hier niet om gevraagd? Dan kun je deze e-mail negeren. — Memoria',
  },
  fr_be: {
    greeting: (name) => `Bonjour ${name},`,
    confirmSubject: 'Confirmez votre nouvelle adresse e-mail Memoria',
    confirmText: (mail, hours) => [
      `Vous avez demandé à vous connecter à Memoria avec ${mail} désormais. Ouvrez le lien ci-dessous pour le confirmer.`,
      `Le lien fonctionne une fois et pendant ${hours} heures. D'ici là, votre adresse reste inchangée.`,
    ],
    confirmAction: 'Confirmer la nouvelle adresse',
    changedSubject: 'Votre adresse e-mail Memoria a été changée',
    changedText: (mail) => [
      `Votre compte Memoria se connecte désormais avec ${mail}. Les e-mails n'arrivent plus à cette adresse.`,
      "Si ce n'était pas vous, réinitialisez tout de suite votre mot de passe et contactez le support.",
    ],
    deletionSubject: 'Votre compte Memoria va être supprimé',
    deletionText: (date) => [
      `Comme vous l'avez demandé, votre compte est désactivé et sera supprimé avec tout son contenu le ${date}.`,
      'Vous avez changé d’avis ? Connectez-vous avant cette date et votre compte restera tel quel.',
    ],
    exportSubject: 'Votre export de données Memoria est prêt',
    exportText: (days) => [
      'La copie de vos mémos, collections, commentaires et fichiers est prête. Téléchargez-la dans les paramètres du compte.',
      `Elle peut être téléchargée pendant ${days} jours.`,
    ],
    exportAction: 'Ouvrir les paramètres du compte',
    ignore: "Si vous n'avez rien demandé, vous pouvez ignorer cet e-mail. — Memoria",
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    confirmSubject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Memoria',
    confirmText: (mail, hours) => [
      `Sie möchten sich bei Memoria künftig mit ${mail} anmelden. Öffnen Sie den Link unten, um das zu bestätigen.`,
      `Der Link funktioniert einmal und ${hours} Stunden lang. Bis dahin bleibt Ihre Adresse unverändert.`,
    ],
    confirmAction: 'Neue Adresse bestätigen',
    changedSubject: 'Ihre E-Mail-Adresse bei Memoria wurde geändert',
    changedText: (mail) => [
      `Ihr Memoria-Konto meldet sich jetzt mit ${mail} an. An diese Adresse kommt keine E-Mail mehr.`,
      'Falls Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und kontaktieren Sie den Support.',
    ],
    deletionSubject: 'Ihr Memoria-Konto wird gelöscht',
    deletionText: (date) => [
      `Wie gewünscht ist Ihr Konto deaktiviert und wird am ${date} mit allen Inhalten gelöscht.`,
      'Doch anders entschieden? Melden Sie sich vor diesem Datum an, und Ihr Konto bleibt, wie es war.',
    ],
    exportSubject: 'Ihr Memoria-Datenexport ist bereit',
    exportText: (days) => [
      'Die Kopie Ihrer Memos, Sammlungen, Kommentare und Dateien ist bereit. Laden Sie sie in den Kontoeinstellungen herunter.',
      `Sie kann ${days} Tage lang heruntergeladen werden.`,
    ],
    exportAction: 'Kontoeinstellungen öffnen',
    ignore: 'Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren. — Memoria',
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    confirmSubject: 'Confirma tu nueva dirección de correo de Memoria',
    confirmText: (mail, hours) => [
      `Pediste iniciar sesión en Memoria con ${mail} a partir de ahora. Abre el enlace de abajo para confirmarlo.`,
      `El enlace funciona una vez y durante ${hours} horas. Hasta entonces tu dirección no cambia.`,
    ],
    confirmAction: 'Confirmar la nueva dirección',
    changedSubject: 'Tu dirección de correo de Memoria ha cambiado',
    changedText: (mail) => [
      `Tu cuenta de Memoria inicia sesión ahora con ${mail}. Ya no llegarán correos a esta dirección.`,
      'Si no fuiste tú, restablece tu contraseña de inmediato y contacta con soporte.',
    ],
    deletionSubject: 'Tu cuenta de Memoria se eliminará',
    deletionText: (date) => [
      `Como pediste, tu cuenta está desactivada y se eliminará con todo su contenido el ${date}.`,
      '¿Has cambiado de idea? Inicia sesión antes de esa fecha y tu cuenta seguirá como estaba.',
    ],
    exportSubject: 'Tu exportación de datos de Memoria está lista',
    exportText: (days) => [
      'La copia de tus notas, colecciones, comentarios y archivos está lista. Descárgala en los ajustes de la cuenta.',
      `Se puede descargar durante ${days} días.`,
    ],
    exportAction: 'Abrir los ajustes de la cuenta',
    ignore: 'Si no lo pediste, puedes ignorar este correo. — Memoria',
  },
  pl: {
    greeting: (name) => `Witaj ${name},`,
    confirmSubject: 'Potwierdź nowy adres e-mail w Memoria',
    confirmText: (mail, hours) => [
      `Poprosiłeś o logowanie do Memoria odtąd adresem ${mail}. Otwórz poniższy link, aby to potwierdzić.`,
      `Link działa raz i przez ${hours} godz. Do tego czasu Twój adres się nie zmienia.`,
    ],
    confirmAction: 'Potwierdź nowy adres',
    changedSubject: 'Twój adres e-mail w Memoria został zmieniony',
    changedText: (mail) => [
      `Twoje konto Memoria loguje się teraz adresem ${mail}. Na ten adres nie będą już przychodzić wiadomości.`,
      'Jeśli to nie Ty, natychmiast zresetuj hasło i skontaktuj się z pomocą.',
    ],
    deletionSubject: 'Twoje konto Memoria zostanie usunięte',
    deletionText: (date) => [
      `Zgodnie z prośbą Twoje konto jest wyłączone i zostanie usunięte wraz z całą zawartością ${date}.`,
      'Zmieniłeś zdanie? Zaloguj się przed tą datą, a konto pozostanie bez zmian.',
    ],
    exportSubject: 'Eksport Twoich danych z Memoria jest gotowy',
    exportText: (days) => [
      'Kopia Twoich notatek, kolekcji, komentarzy i plików jest gotowa. Pobierz ją w ustawieniach konta.',
      `Można ją pobierać przez ${days} dni.`,
    ],
    exportAction: 'Otwórz ustawienia konta',
    ignore: 'Jeśli to nie Ty prosiłeś, zignoruj tę wiadomość. — Memoria',
  },
  uk: {
    greeting: (name) => `Вітаємо, ${name}!`,
    confirmSubject: 'Підтвердьте нову адресу електронної пошти в Memoria',
    confirmText: (mail, hours) => [
      `Ви попросили надалі входити в Memoria з адресою ${mail}. Відкрийте посилання нижче, щоб підтвердити це.`,
      `Посилання діє один раз і протягом ${hours} год. До того ваша адреса не змінюється.`,
    ],
    confirmAction: 'Підтвердити нову адресу',
    changedSubject: 'Адресу електронної пошти в Memoria змінено',
    changedText: (mail) => [
      `Ваш обліковий запис Memoria тепер входить з адресою ${mail}. Листи більше не надходитимуть на цю адресу.`,
      'Якщо це були не ви, негайно скиньте пароль і зверніться до підтримки.',
    ],
    deletionSubject: 'Ваш обліковий запис Memoria буде видалено',
    deletionText: (date) => [
      `Як ви просили, ваш обліковий запис вимкнено, і ${date} його буде видалено з усім вмістом.`,
      'Передумали? Увійдіть до цієї дати, і обліковий запис залишиться таким, як був.',
    ],
    exportSubject: 'Експорт ваших даних Memoria готовий',
    exportText: (days) => [
      'Копія ваших нотаток, колекцій, коментарів і файлів готова. Завантажте її в налаштуваннях облікового запису.',
      `Її можна завантажувати протягом ${days} днів.`,
    ],
    exportAction: 'Відкрити налаштування облікового запису',
    ignore: 'Якщо ви цього не просили, просто проігноруйте цей лист. — Memoria',
  },
};

function templates(x: AccountTexts): AccountTemplates {
  return {
    emailChangeConfirm: (p: TemplateParams): MailContent => ({
      subject: x.confirmSubject,
      greeting: x.greeting(p.name),
      paragraphs: x.confirmText(p.usermail ?? '', p.hours ?? 0),
      action: { label: x.confirmAction, url: p.link ?? '' },
      footer: x.ignore,
    }),
    emailChanged: (p) => ({
      subject: x.changedSubject,
      greeting: x.greeting(p.name),
      paragraphs: x.changedText(p.usermail ?? ''),
      footer: '— Memoria',
    }),
    accountDeletion: (p) => ({
      subject: x.deletionSubject,
      greeting: x.greeting(p.name),
      paragraphs: x.deletionText(p.date ?? ''),
      footer: '— Memoria',
    }),
    exportReady: (p) => ({
      subject: x.exportSubject,
      greeting: x.greeting(p.name),
      paragraphs: x.exportText(p.days ?? 0),
      action: { label: x.exportAction, url: p.link ?? '' },
      footer: '— Memoria',
    }),
  };
}

export const ACCOUNT_TEMPLATES = Object.fromEntries(
  Object.entries(TEXTS).map(([locale, texts]) => [locale, templates(texts)]),
) as Record<Locale, AccountTemplates>;
