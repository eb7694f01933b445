import type { MessageCatalogue } from './en.js';

export const de: MessageCatalogue = {
  // validation
  'validation.required': 'Dieser Wert ist erforderlich.',
  'validation.invalid': 'Dieser Wert ist ungültig.',
  'validation.email': 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  'validation.passwordWeak':
    'Das Passwort muss mindestens 8 Zeichen lang sein und drei der folgenden enthalten: Kleinbuchstabe, Großbuchstabe, Ziffer, eines von !@#$%^&*.',
  'validation.passwordTooLong': 'Das Passwort ist zu lang.',
  'validation.passwordWrong': 'Das Passwort ist nicht korrekt.',
  'validation.passwordSame': 'Das neue Passwort muss sich vom aktuellen unterscheiden.',
  'validation.codeInvalid': 'Geben Sie den 6-stelligen Code ein.',
  'validation.language': 'Diese Sprache kann nicht eingestellt werden',
  'validation.country': 'Wählen Sie ein Land aus.',
  'validation.tooLong': 'Dieser Wert ist zu lang.',
  'validation.tooShort': 'Dieser Wert ist zu kurz.',
  'validation.phone':
    'Die Telefonnummer muss dem Format +XXXXXXXXXX entsprechen (mit Ländervorwahl).',
  'validation.colour': 'Ungültiger Farbcode',
  'validation.pinFormat': 'Die PIN muss aus 4 bis 8 Ziffern bestehen.',
  'validation.pinWrong': 'Die aktuelle PIN ist nicht korrekt.',
  'validation.twoFactorMethod': 'Wählen Sie E-Mail oder Authenticator-App.',
  'validation.emailTaken': 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse.',
  'validation.unknownField': 'Dieses Feld wird nicht erwartet.',
  'validation.type': 'Dieser Wert hat den falschen Typ.',
  'validation.number': 'Dieser Wert muss eine Zahl sein.',
  'validation.min': 'Dieser Wert muss mindestens {min} sein.',
  'validation.max': 'Dieser Wert darf höchstens {max} sein.',
  'validation.slug':
    'Verwenden Sie 3 bis 30 Kleinbuchstaben oder Ziffern, mit mindestens einem Buchstaben.',
  'validation.slugTaken': 'Diese Adresse ist bereits vergeben.',
  'validation.url': 'Dies sollte eine gültige URL sein',
  'validation.linkedin': 'Dies sollte ein gültiger LinkedIn-Link sein',
  'validation.buttonTitle': 'Der Schaltflächentitel darf höchstens 20 Zeichen lang sein.',
  // errors
  'error.badRequest': 'Die Anfrage konnte nicht verstanden werden.',
  'error.invalidJson': 'Der Inhalt der Anfrage ist kein gültiges JSON.',
  'error.unsupportedMediaType': 'Dieser Inhaltstyp wird nicht unterstützt.',
  'error.payloadTooLarge': 'Die Anfrage ist zu groß.',
  'error.unauthorized': 'Sie müssen sich anmelden.',
  'error.tokenExpired': 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  'error.forbidden': 'Sie sind nicht berechtigt, diese Aktion auszuführen',
  'error.accessDenied': 'Sie haben keinen Zugriff auf diese Informationen',
  'error.notFound': 'Diese Seite existiert nicht',
  'error.methodNotAllowed': 'Diese Methode ist hier nicht erlaubt.',
  'error.conflict': 'Dies steht im Konflikt mit dem aktuellen Zustand.',
  'error.tooManyRequests':
    'Zu viele Versuche. Bitte warten Sie {minutes} Minuten und versuchen Sie es erneut.',
  'error.busy': 'Wir sind gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.',
  'error.server': 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.',
  'error.validation': 'Die gesendeten Daten sind ungültig.',
  'error.storageLimit': 'Sie haben Ihr Speicherkontingent überschritten.',
  // session
  'auth.invalidCredentials': 'Falsche E-Mail-Adresse oder falsches Passwort.',
  'auth.notActivated':
    'Ihr Konto ist noch nicht aktiviert. Geben Sie den Code ein, den wir Ihnen per E-Mail gesendet haben.',
  'auth.accountDisabled': 'Dieses Konto wurde deaktiviert. Wenden Sie sich an den Support.',
  'auth.codeInvalid': 'Der Authentifizierungscode ist ungültig oder falsch.',
  'auth.codeExpired':
    'Der Code ist abgelaufen oder es gab zu viele Versuche. Fordern Sie einen neuen Code an.',
  'auth.codeSent': 'E-Mail mit Authentifizierungscode gesendet.',
  'auth.twoFactorRequired': 'Geben Sie den Code aus Ihrer Authenticator-App ein.',
  'auth.alreadyActivated': 'Dieses Konto ist bereits aktiviert.',
  'auth.activated': 'Ihr Konto ist aktiviert.',
  'auth.verificationSent': 'Wir haben einen neuen Bestätigungscode gesendet.',
  'auth.resetSent':
    'Falls ein Konto für diese Adresse existiert, haben wir einen Link zum Zurücksetzen des Passworts gesendet.',
  'auth.resetTokenInvalid': 'Dieser Link zum Zurücksetzen ist ungültig oder abgelaufen.',
  'auth.passwordChanged': 'Ihr Passwort wurde geändert.',
  'auth.twoFactorNotStarted': 'Starten Sie zuerst die Einrichtung der Zwei-Faktor-Anmeldung.',
  'auth.twoFactorEnabled': 'Die Zwei-Faktor-Anmeldung ist aktiviert.',
  'auth.twoFactorDisabled': 'Die Zwei-Faktor-Anmeldung ist deaktiviert.',
  'auth.twoFactorRequiredForBackup': 'Aktivieren Sie zuerst die Zwei-Faktor-Anmeldung.',
  'auth.sessionLimited': 'Aktivieren Sie Ihr Konto, um fortzufahren.',
  'auth.pinInvalid': 'Ungültig',
  'auth.pinMissing': 'Es ist keine PIN festgelegt.',
  'auth.pinLocked': 'Zu viele falsche PINs. Setzen Sie Ihre PIN mit Ihrem Passwort zurück.',
  'auth.pinResetNeedsPassword': 'Bestätigen Sie Ihr Passwort, bevor Sie die PIN zurücksetzen.',
  'auth.pinSaved': 'Ihre PIN wurde gespeichert.',
  'auth.pinReset': 'Ihre PIN wurde entfernt.',
  'profile.notYours': 'Sie sind nicht berechtigt, diese Aktion auszuführen',
  'profile.idRequired': 'Die ID ist erforderlich',
  // social graph (connections, follows, blocks, favourites, reports)
  'social.userNotFound': 'Benutzer nicht gefunden.',
  'social.collectionNotFound': 'Sammlung nicht gefunden.',
  'social.memoNotFound': 'Memo nicht gefunden.',
  'connections.notFound': 'Verbindung nicht gefunden.',
  'connections.ownEmail': 'Sie können sich nicht mit sich selbst verbinden.',
  'connections.alreadyConnected': 'Sie sind bereits mit dieser Person verbunden.',
  'connections.alreadyRequested':
    'Zwischen Ihnen und dieser Person ist bereits eine Verbindungsanfrage offen.',
  'connections.cannotConnect': 'Sie können sich nicht mit dieser Person verbinden.',
  'connections.notPending': 'Diese Anfrage ist nicht mehr offen.',
  'connections.onlyReceiver': 'Nur wer die Anfrage erhalten hat, kann sie beantworten.',
  'connections.linkInvalid': 'Dieser Link ist ungültig oder abgelaufen.',
  'connections.ownLink': 'Das ist Ihr eigener Link.',
  'connections.linkForOtherAccount': 'Diese Einladung wurde an ein anderes Konto gesendet.',
  'connections.maxUsersReached':
    'Maximale Benutzerzahl erreicht: Die Verbindung kann nicht erstellt werden.',
  'connections.messageRequired':
    'Diese Person wünscht zu jeder Verbindungsanfrage eine persönliche Nachricht.',
  'connections.requiresFunction':
    'Dieses Konto akzeptiert nur Verbindungen von Personen, deren Profil ihre Funktion angibt.',
  'connections.requiresLocation':
    'Dieses Konto akzeptiert nur Verbindungen von Personen, deren Profil ihren Standort angibt.',
  'connections.requiresOrganisation':
    'Dieses Konto akzeptiert nur Verbindungen von Personen, deren Profil ihre Organisation angibt.',
  'connections.requiresPhoto':
    'Dieses Konto akzeptiert nur Verbindungen von Personen mit Profilfoto.',
  'connections.requiresSubscription':
    'Dieses Konto akzeptiert nur Verbindungen von Personen mit einem Abonnement.',
  'connections.tooManyInvitations':
    'Sie haben heute zu viele Einladungen verschickt. Bitte versuchen Sie es morgen erneut.',
  'connections.notConnected': 'Sie sind nicht mit dieser Person verbunden.',
  'delegation.notFound': 'Delegation nicht gefunden.',
  'delegation.self': 'Sie können Ihr Konto nicht an sich selbst delegieren.',
  'delegation.workspacesMainOnly': 'Das Recht für Arbeitsbereiche gibt es nur für Hauptkonten.',
  'delegation.notConnection': 'Nur eine aktive Verbindung kann eine Delegation erhalten.',
  'workspace.nameTooShort': 'Der Name braucht mindestens 3 Zeichen.',
  'workspace.notFound': 'Arbeitsbereich nicht gefunden.',
  'workspace.lastAdmin': 'Der letzte Admin eines Arbeitsbereichs kann nicht entfernt werden.',
  'workspace.notMember': 'Diese Person ist kein Mitglied des Arbeitsbereichs.',
  'workspace.planRequired':
    'Eine Gruppe oder ein Arbeitsbereich gehört zu einem Abonnement: Wählen Sie eines unter Abonnements.',
  'workspace.cannotCreate':
    'Arbeitsbereichs- und Hauptkonten können keine Gruppe und keinen Arbeitsbereich erstellen.',
  'follows.self': 'Sie können sich nicht selbst folgen.',
  'follows.already': 'Sie folgen dieser Person bereits.',
  'follows.notFollowing': 'Sie folgen dieser Person nicht.',
  'follows.notFollower': 'Diese Person folgt Ihnen nicht.',
  'blocks.self': 'Sie können sich nicht selbst blockieren.',
  'blocks.already': 'Sie haben diese Person bereits blockiert.',
  'blocks.notBlocked': 'Diese Person ist nicht blockiert.',
  'blocks.blockedByYou': 'Sie haben diese Person blockiert. Heben Sie die Blockierung zuerst auf.',
  'favourites.already': 'Das ist bereits einer Ihrer Favoriten.',
  'favourites.notFound': 'Favorit nicht gefunden.',
  'notifications.notFound': 'Benachrichtigung nicht gefunden.',
  'favourites.notContact': 'Nur Ihre Verbindungen können Favoriten sein.',
  'reports.reasonRequired': 'Für die Meldung ist ein Grund nötig.',
  'reports.targetRequired': 'Geben Sie an, was Sie melden.',
  'reports.own': 'Sie können Ihre eigenen Inhalte nicht melden.',
  'reports.already': 'Sie haben das bereits gemeldet.',
  'suggestions.self': 'Sie können sich nicht selbst von Vorschlägen ausschließen.',
  // collections
  'collection.notFound': 'Sammlung nicht gefunden',
  'collection.publicNotAllowed':
    'Mit Ihrem Konto können Sie keine öffentlichen Sammlungen anlegen.',
  'collection.publicLimit':
    'Sie können höchstens {limit} öffentliche Sammlungen haben. Mit Silver erhalten Sie mehr.',
  'collection.followersNeedSubscription': 'Das Teilen mit Followern erfordert ein Abonnement.',
  'collection.collaborationUnavailable':
    'Zusammenarbeit ist bei privaten, für Follower freigegebenen oder öffentlichen Sammlungen nicht möglich.',
  'collection.versioningNeedsSubscription':
    'Ältere Versionen von Dokumenten aufzubewahren erfordert ein Abonnement oder einen Arbeitsbereich.',
  'collection.collaborationNeedsSubscription':
    'Zusammenarbeit erfordert ein Abonnement oder einen Arbeitsbereich.',
  'collection.checklistNeedsCollaboration':
    'Schalten Sie die Zusammenarbeit ein, bevor Sie die Checkliste teilen.',
  'collection.notConnected': 'Sie können eine Sammlung nur mit Ihren aktiven Kontakten teilen.',
  'collection.addDocumentsFirst':
    'Erlauben Sie zuerst das Hinzufügen von Dokumenten, bevor Sie das Ersetzen erlauben.',
  'collection.replaceDocumentsFirst':
    'Erlauben Sie zuerst das Ersetzen von Dokumenten, bevor Sie Versionen aufbewahren.',
  // media
  'media.fileRequired': 'Wählen Sie eine Datei zum Hochladen.',
  'media.invalidFileType': 'Falscher Dateityp',
  'media.maxFileSize': 'Die Datei ist zu groß. Die maximale Größe beträgt {limit} MB.',
  'media.storageLimitExceeded': 'Speicherlimit überschritten',
  'media.imageUnreadable': 'Dieses Bild kann nicht gelesen werden.',
  'media.imageTooShort': 'Das Bild muss mindestens {height}px hoch sein',
  'media.malformedUpload':
    'Der Upload wurde abgebrochen oder ist kein gültiges Formular. Bitte versuchen Sie es erneut.',
  'media.notFound': 'Diese Datei existiert nicht.',
  'media.linkExpired': 'Dieser Link zur Datei ist abgelaufen. Laden Sie die Seite neu.',
  'media.notYourUpload': 'Diese Datei wurde nicht von Ihnen hochgeladen.',
  // media: video conversion, document versions, link previews and the image proxy
  'media.videoProcessing': 'Videokonvertierung ausstehend',
  'media.videoFailed': 'Dieses Video konnte nicht konvertiert werden.',
  'media.documentReplaced': 'Dieses Dokument wurde bereits durch eine neuere Version ersetzt.',
  'fetch.invalidUrl': 'Dies ist keine gültige Webadresse (http oder https).',
  'fetch.addressRefused':
    'Diese Adresse kann nicht abgerufen werden: Sie verweist auf ein privates oder lokales Netzwerk.',
  'fetch.unreachable': 'Die Seite konnte nicht geladen werden.',
  'fetch.tooLarge': 'Die Seite oder das Bild ist zu groß zum Laden.',
  'fetch.timeout': 'Die Seite hat zu lange nicht geantwortet.',
  'fetch.tooManyRedirects': 'Die Seite leitet zu oft weiter.',
  'fetch.notImage': 'Diese Adresse führt nicht zu einem Bild.',
  // memos
  'memo.notFound': 'Memo nicht gefunden',
  'memo.idRequired': 'Die ID ist erforderlich',
  'memo.collectionRequired': 'Eine Sammlung ist erforderlich',
  'memo.collectionUnknown': 'Diese Sammlung existiert nicht oder ist für Sie nicht verfügbar.',
  'memo.collectionNotWritable': 'Sie können dieser Sammlung keine Memos hinzufügen.',
  'memo.collectionNotFound': 'Sammlung nicht gefunden',
  'memo.userNotFound': 'Benutzer nicht gefunden',
  'memo.notInCollection': 'Dieses Memo befindet sich nicht in dieser Sammlung.',
  'memo.scheduledInPast': 'Das geplante Datum muss in der Zukunft liegen',
  'memo.scheduleNeedsSilver': 'Zum Planen eines Memos benötigen Sie das Silver-Abo.',
  'memo.scheduleDateRequired': 'Wählen Sie Datum und Uhrzeit der Veröffentlichung.',
  'memo.alreadyPublished':
    'Dieses Memo ist bereits veröffentlicht und kann nicht mehr geplant werden.',
  'memo.copyNotAllowed': 'Der Autor erlaubt das Kopieren dieses Memos nicht.',
  'memo.todoNotFound': 'Dieser Eintrag der Checkliste wurde nicht gefunden.',
  'memo.todoIsHeader': 'Eine Gruppenüberschrift kann nicht abgehakt werden.',
  'push.invalidSubscription': 'Dies ist kein gültiges Push-Abonnement.',
  'push.subscriptionNotFound': 'Dieses Push-Abonnement existiert nicht.',
  'push.notAllowed':
    'Nur der Autor des Memos oder der Eigentümer seiner Sammlung kann eine Push-Nachricht dazu senden.',
  'push.memoNotPublished': 'Dieses Memo ist noch nicht veröffentlicht.',
  'push.alreadySent':
    'Zu diesem Memo wurde vor Kurzem eine Push-Nachricht gesendet. Eine weitere ist in {minutes} Minuten möglich.',
  // comments and reactions
  'comment.notFound': 'Kommentar nicht gefunden',
  'comment.parentNotFound':
    'Der Kommentar, auf den Sie antworten, wurde bei diesem Memo nicht gefunden.',
  'comment.notAllowed': 'Der Autor erlaubt keine Kommentare zu diesem Memo.',
  'comment.verifiedOnly': 'Nur verifizierte Personen dürfen dieses Memo kommentieren.',
  'comment.onlyConnections':
    'Nur Kontakte und Follower des Autors können Kommentare sehen und schreiben.',
  'reaction.notFound': 'Reaktion nicht gefunden',
  'reaction.notAllowed': 'Der Autor erlaubt keine Reaktionen auf dieses Memo.',
  'account.deleteWrongPassword': 'Das Passwort ist nicht korrekt. Ihr Konto wurde nicht gelöscht.',
  'account.deletionScheduled':
    'Ihr Konto ist deaktiviert und wird am {date} gelöscht. Melden Sie sich vorher an, um es zu behalten.',
  'account.deletionCancelled': 'Willkommen zurück. Ihr Konto wird nicht gelöscht.',
  'account.emailChangeSent':
    'Wir haben einen Bestätigungslink an die neue Adresse gesendet. Die Änderung erfolgt, sobald Sie ihn öffnen.',
  'account.emailChangeInvalid':
    'Dieser Bestätigungslink ist ungültig, bereits verwendet oder abgelaufen.',
  'account.emailChangeTaken':
    'Ein anderes Konto verwendet diese Adresse inzwischen, daher wurde sie nicht geändert.',
  'account.emailChanged': 'Ihre E-Mail-Adresse lautet jetzt {usermail}.',
  'account.emailSame': 'Das ist bereits Ihre E-Mail-Adresse.',
  'account.ownerOnly':
    'Nur die Inhaberin oder der Inhaber des Kontos kann das tun, keine bevollmächtigte Person.',
  'account.exportPending':
    'Ihr Datenexport wird vorbereitet. Sie erhalten eine E-Mail, sobald er bereit ist.',
  'account.exportNotFound': 'Dieser Export existiert nicht oder ist abgelaufen.',
  'account.sessionNotFound': 'Diese Sitzung existiert nicht oder wurde bereits beendet.',
  'identity.notAllowed': 'Die Verifizierung von Benutzern ist nicht erlaubt',
  'identity.waiting': 'Der Identitätsdienst hat noch nicht geantwortet.',
  'identity.expired':
    'Die Anmeldung über den Identitätsdienst dauerte länger als 2 Minuten und wurde abgebrochen. Bitte versuchen Sie es erneut.',
  'identity.failed':
    'Der Identitätsdienst konnte Ihre Identität nicht bestätigen. Bitte versuchen Sie es erneut.',
  'identity.noAccount':
    'Mit dieser Identität ist noch kein Konto verknüpft. Melden Sie sich zuerst mit Ihrer E-Mail-Adresse an und verifizieren Sie Ihren Namen in den Kontoeinstellungen.',
  'identity.alreadyLinked': 'Diese Identität ist bereits mit einem anderen Konto verknüpft.',
  'identity.unavailable':
    'Der Identitätsdienst ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
  'publicProfile.subscriptionRequired':
    'Der Aktionsbutton, die Akzentfarbe und das Banner eines öffentlichen Profils erfordern ein Abonnement.',
  // messenger (docs/notes/messenger.md)
  'thread.notFound': 'Unterhaltung nicht gefunden',
  'thread.groupNameRequired': 'Gruppenunterhaltungen brauchen einen Gruppennamen',
  'thread.exists': 'Diese Unterhaltung gibt es bereits.',
  'thread.directOne': 'Eine direkte Unterhaltung wird mit genau einer anderen Person geführt.',
  'thread.notAllowed':
    'Sie können nur mit Ihren Kontakten oder mit Personen, die Direktnachrichten erlauben, eine Unterhaltung beginnen.',
  'thread.notConnected': 'Gruppenmitglieder müssen Ihre Kontakte sein.',
  'thread.blocked': 'Sie können in dieser Unterhaltung keine Nachrichten senden.',
  'thread.adminOnly': 'Nur ein Admin dieser Unterhaltung kann das tun.',
  'thread.userNotFound': 'Diese Person wurde nicht gefunden.',
  'message.notFound': 'Nachricht nicht gefunden',
  'message.empty': 'Eine Nachricht braucht Text, ein Foto oder ein Dokument.',
  'message.notAuthor': 'Nur der Autor kann diese Nachricht ändern.',
  'message.deleted': 'Diese Nachricht wurde gelöscht.',
  'message.badEmoji': 'Eine Reaktion ist ein einzelnes Emoji.',
  'message.replyNotFound':
    'Die Nachricht, auf die Sie antworten, ist nicht in dieser Unterhaltung.',
  // file transfer (docs/notes/file-transfer.md)
  'transfer.invalidLink': 'Dieser Link ist ungültig oder abgelaufen.',
  'transfer.passwordRequired': 'Diese Übertragung braucht ihr Passwort.',
  'transfer.wrongPassword': 'Das Passwort stimmt nicht.',
  'transfer.dailyLimit':
    'Tageslimit erreicht: höchstens {transfers} Übertragungen und {gigabytes} GB pro Tag. Bitte versuchen Sie es morgen erneut.',
  'transfer.expiryTooLong': 'Ohne Konto bleibt eine Übertragung höchstens 7 Tage erhalten.',
  'transfer.notUploaded': 'Noch nicht alle Dateien dieser Übertragung sind hochgeladen.',
  'transfer.fileTooLarge': 'Eine Datei ist größer als das Limit von {limit} MB.',
  'transfer.filingFailed':
    'Die Dateien konnten der Sammlung nicht hinzugefügt werden. Versuchen Sie es erneut oder löschen Sie diese Übertragung.',
  'transfer.tooManyRecipients':
    'Der Link einer Übertragung kann an höchstens {count} Adressen gemailt werden.',
  'transfer.mailLimit':
    'Sie können Links an höchstens {count} Adressen pro Tag mailen lassen. Bitte versuchen Sie es morgen erneut.',
  'call.notAllowed': 'Anrufe erfordern ein Abonnement.',
  'call.cannotJoin': 'Sie können Anrufen in dieser Sammlung nicht beitreten.',
  'call.linkInvalid': 'Dieser Anruflink ist nicht mehr gültig.',
  'call.notStarted': 'Hier hat noch niemand einen Anruf gestartet.',
  'call.full': 'Dieser Anruf ist voll.',
  'call.notFound': 'Anruf nicht gefunden',
  // subscriptions (docs/notes/subscriptions.md)
  'product.notFound': 'Dieses Abo gibt es nicht.',
  'product.disabled': 'Dieses Abo ist für Ihr Konto nicht verfügbar.',
  'order.notFound': 'Bestellung nicht gefunden',
  'order.noPaymentUrl': 'Kein Zahlungslink vorhanden',
  'order.notCancellable': 'Nur ein aktives Abo kann gekündigt werden.',
  'order.paymentFailed': 'Bei der Zahlung gab es ein Problem, das Abo wurde nicht abgeschlossen.',
  'payment.unavailable':
    'Der Zahlungsdienst ist nicht erreichbar. Bitte versuchen Sie es später erneut.',
  'subscription.required': 'Dafür ist ein Abo nötig: {product} für {price} € im Jahr.',
};
