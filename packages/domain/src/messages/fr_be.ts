import type { MessageCatalogue } from './en.js';

export const fr_be: MessageCatalogue = {
  // validation
  'validation.required': 'Cette valeur est obligatoire.',
  'validation.invalid': "Cette valeur n'est pas valide.",
  'validation.email': 'Veuillez saisir une adresse e-mail valide.',
  'validation.passwordWeak':
    'Le mot de passe doit comporter au moins 8 caractères et trois des éléments suivants : minuscule, majuscule, chiffre, un caractère parmi !@#$%^&*.',
  'validation.passwordTooLong': 'Le mot de passe est trop long.',
  'validation.passwordWrong': "Le mot de passe n'est pas correct.",
  'validation.passwordSame': "Le nouveau mot de passe doit être différent de l'actuel.",
  'validation.codeInvalid': 'Saisissez le code à 6 chiffres.',
  'validation.language': 'Impossible de définir cette langue',
  'validation.country': 'Choisissez un pays.',
  'validation.tooLong': 'Cette valeur est trop longue.',
  'validation.tooShort': 'Cette valeur est trop courte.',
  'validation.phone':
    "Le numéro de téléphone doit être au format +XXXXXXXXXX (avec l'indicatif du pays).",
  'validation.colour': 'Code couleur non valide',
  'validation.pinFormat': 'Le code PIN doit comporter de 4 à 8 chiffres.',
  'validation.pinWrong': "Le code PIN actuel n'est pas correct.",
  'validation.twoFactorMethod': "Choisissez l'e-mail ou l'application d'authentification.",
  'validation.emailTaken': 'Un compte existe déjà avec cette adresse e-mail.',
  'validation.unknownField': "Ce champ n'est pas attendu.",
  'validation.type': "Cette valeur n'est pas du bon type.",
  'validation.number': 'Cette valeur doit être un nombre.',
  'validation.min': 'Cette valeur doit être au moins égale à {min}.',
  'validation.max': 'Cette valeur doit être au plus égale à {max}.',
  'validation.slug': 'Utilisez 3 à 30 lettres minuscules ou chiffres, dont au moins une lettre.',
  'validation.slugTaken': 'Cette adresse est déjà prise.',
  'validation.url': 'Ceci doit être une URL valide',
  'validation.linkedin': 'Ceci doit être un lien LinkedIn valide',
  'validation.buttonTitle': 'Le titre du bouton doit compter au plus 20 caractères.',
  // errors
  'error.badRequest': "La requête n'a pas pu être comprise.",
  'error.invalidJson': "Le corps de la requête n'est pas du JSON valide.",
  'error.unsupportedMediaType': "Ce type de contenu n'est pas pris en charge.",
  'error.payloadTooLarge': 'La requête est trop volumineuse.',
  'error.unauthorized': 'Vous devez vous connecter.',
  'error.tokenExpired': 'Votre session a pris fin. Veuillez vous reconnecter.',
  'error.forbidden': "Vous n'avez pas l'autorisation d'effectuer cette action",
  'error.accessDenied': "Vous n'avez pas accès à ces informations",
  'error.notFound': "Cette page n'existe pas",
  'error.methodNotAllowed': "Cette méthode n'est pas autorisée ici.",
  'error.conflict': "Ceci est en conflit avec l'état actuel.",
  'error.tooManyRequests': 'Trop de tentatives. Veuillez patienter {minutes} minutes et réessayer.',
  'error.busy': 'Nous sommes très sollicités en ce moment. Veuillez réessayer dans un instant.',
  'error.server': 'Un problème est survenu de notre côté. Veuillez réessayer.',
  'error.validation': 'Les données envoyées ne sont pas valides.',
  'error.storageLimit': 'Vous avez dépassé votre quota de stockage.',
  // session
  'auth.invalidCredentials': 'Adresse e-mail ou mot de passe incorrect.',
  'auth.notActivated':
    "Votre compte n'est pas encore activé. Saisissez le code que nous vous avons envoyé par e-mail.",
  'auth.accountDisabled': "Ce compte a été désactivé. Contactez l'assistance.",
  'auth.codeInvalid': "Code d'authentification non valide ou incorrect.",
  'auth.codeExpired':
    'Le code a expiré ou trop de tentatives ont été effectuées. Demandez un nouveau code.',
  'auth.codeSent': "E-mail avec le code d'authentification envoyé.",
  'auth.twoFactorRequired': "Saisissez le code de votre application d'authentification.",
  'auth.alreadyActivated': 'Ce compte est déjà activé.',
  'auth.activated': 'Votre compte est activé.',
  'auth.verificationSent': 'Nous avons envoyé un nouveau code de vérification.',
  'auth.resetSent':
    'Si un compte existe pour cette adresse, nous avons envoyé un lien pour réinitialiser le mot de passe.',
  'auth.resetTokenInvalid': "Ce lien de réinitialisation n'est pas valide ou a expiré.",
  'auth.passwordChanged': 'Votre mot de passe a été modifié.',
  'auth.twoFactorNotStarted': "Commencez d'abord la configuration de la connexion à deux facteurs.",
  'auth.twoFactorEnabled': 'La connexion à deux facteurs est activée.',
  'auth.twoFactorDisabled': 'La connexion à deux facteurs est désactivée.',
  'auth.twoFactorRequiredForBackup': "Activez d'abord la connexion à deux facteurs.",
  'auth.sessionLimited': 'Activez votre compte pour continuer.',
  'auth.pinInvalid': 'Non valide',
  'auth.pinMissing': "Aucun code PIN n'est défini.",
  'auth.pinLocked':
    'Trop de codes PIN erronés. Réinitialisez votre code PIN avec votre mot de passe.',
  'auth.pinResetNeedsPassword': 'Confirmez votre mot de passe avant de réinitialiser le code PIN.',
  'auth.pinSaved': 'Votre code PIN a été enregistré.',
  'auth.pinReset': 'Votre code PIN a été supprimé.',
  'profile.notYours': "Vous n'avez pas l'autorisation d'effectuer cette action",
  'profile.idRequired': "L'identifiant est obligatoire",
  // social graph (connections, follows, blocks, favourites, reports)
  'social.userNotFound': 'Utilisateur introuvable.',
  'social.collectionNotFound': 'Collection introuvable.',
  'social.memoNotFound': 'Mémo introuvable.',
  'connections.notFound': 'Connexion introuvable.',
  'connections.ownEmail': 'Vous ne pouvez pas vous connecter avec vous-même.',
  'connections.alreadyConnected': 'Vous êtes déjà connecté·e avec cette personne.',
  'connections.alreadyRequested': 'Une demande de connexion entre vous est déjà en attente.',
  'connections.cannotConnect': 'Vous ne pouvez pas vous connecter avec cette personne.',
  'connections.notPending': "Cette demande n'est plus en attente.",
  'connections.onlyReceiver': 'Seule la personne qui a reçu la demande peut y répondre.',
  'connections.linkInvalid': 'Ce lien est invalide ou a expiré.',
  'connections.ownLink': 'Ceci est votre propre lien.',
  'connections.linkForOtherAccount': 'Cette invitation a été envoyée à un autre compte.',
  'connections.maxUsersReached':
    "Nombre maximal d'utilisateurs atteint : la connexion ne peut pas être créée.",
  'connections.messageRequired':
    'Cette personne demande un message personnel avec chaque demande de connexion.',
  'connections.requiresFunction':
    "Ce compte n'accepte que les connexions de personnes dont le profil indique leur fonction.",
  'connections.requiresLocation':
    "Ce compte n'accepte que les connexions de personnes dont le profil indique leur localisation.",
  'connections.requiresOrganisation':
    "Ce compte n'accepte que les connexions de personnes dont le profil indique leur organisation.",
  'connections.requiresPhoto':
    "Ce compte n'accepte que les connexions de personnes ayant une photo de profil.",
  'connections.requiresSubscription':
    "Ce compte n'accepte que les connexions de personnes ayant un abonnement.",
  'connections.tooManyInvitations':
    "Vous avez envoyé trop d'invitations aujourd'hui. Veuillez réessayer demain.",
  'connections.notConnected': "Vous n'êtes pas connecté·e avec cette personne.",
  'delegation.notFound': 'Délégation introuvable.',
  'delegation.self': 'Vous ne pouvez pas vous déléguer votre propre compte.',
  'delegation.workspacesMainOnly':
    'Le droit sur les espaces de travail est réservé aux comptes principaux.',
  'delegation.notConnection': 'Seule une connexion active peut recevoir une délégation.',
  'workspace.nameTooShort': 'Le nom doit comporter au moins 3 caractères.',
  'workspace.notFound': 'Espace de travail introuvable.',
  'workspace.lastAdmin':
    "Le dernier administrateur d'un espace de travail ne peut pas être retiré.",
  'workspace.notMember': "Cette personne n'est pas membre de l'espace de travail.",
  'workspace.planRequired':
    'Un groupe ou un espace de travail s’obtient avec son abonnement : choisissez-en un dans Abonnements.',
  'workspace.cannotCreate':
    'Les comptes espace de travail et principaux ne peuvent pas créer de groupe ni d’espace de travail.',
  'follows.self': 'Vous ne pouvez pas vous suivre vous-même.',
  'follows.already': 'Vous suivez déjà cette personne.',
  'follows.notFollowing': 'Vous ne suivez pas cette personne.',
  'follows.notFollower': 'Cette personne ne vous suit pas.',
  'blocks.self': 'Vous ne pouvez pas vous bloquer vous-même.',
  'blocks.already': 'Vous avez déjà bloqué cette personne.',
  'blocks.notBlocked': "Cette personne n'est pas bloquée.",
  'blocks.blockedByYou': "Vous avez bloqué cette personne. Débloquez-la d'abord.",
  'favourites.already': 'Cet élément fait déjà partie de vos favoris.',
  'favourites.notFound': 'Favori introuvable.',
  'notifications.notFound': 'Notification introuvable.',
  'favourites.notContact': 'Seules vos connexions peuvent être des favoris.',
  'reports.reasonRequired': 'Une raison est nécessaire pour le signalement.',
  'reports.targetRequired': 'Indiquez ce que vous signalez.',
  'reports.own': 'Vous ne pouvez pas signaler votre propre contenu.',
  'reports.already': 'Vous avez déjà signalé ceci.',
  'suggestions.self': 'Vous ne pouvez pas vous exclure vous-même des suggestions.',
  // collections
  'collection.notFound': 'Collection introuvable',
  'collection.publicNotAllowed': 'Votre compte ne peut pas créer de collections publiques.',
  'collection.publicLimit':
    'Vous pouvez avoir au maximum {limit} collections publiques. Passez à Silver pour en avoir plus.',
  'collection.followersNeedSubscription': 'Le partage avec les abonnés nécessite un abonnement.',
  'collection.collaborationUnavailable':
    "La collaboration n'est pas disponible pour les collections privées, destinées aux abonnés ou publiques.",
  'collection.versioningNeedsSubscription':
    'Conserver les anciennes versions des documents nécessite un abonnement ou un espace de travail.',
  'collection.collaborationNeedsSubscription':
    'La collaboration nécessite un abonnement ou un espace de travail.',
  'collection.checklistNeedsCollaboration':
    'Activez la collaboration avant de partager la liste de tâches.',
  'collection.notConnected':
    'Vous ne pouvez partager une collection qu’avec vos connexions actives.',
  'collection.addDocumentsFirst':
    "Autorisez d'abord l'ajout de documents avant d'autoriser leur remplacement.",
  'collection.replaceDocumentsFirst':
    "Autorisez d'abord le remplacement de documents avant d'en conserver les versions.",
  // media
  'media.fileRequired': 'Choisissez un fichier à envoyer.',
  'media.invalidFileType': 'Type de fichier incorrect',
  'media.maxFileSize': 'Le fichier est trop volumineux. La taille maximale est de {limit} Mo.',
  'media.storageLimitExceeded': 'Limite de stockage dépassée',
  'media.imageUnreadable': 'Cette image ne peut pas être lue.',
  'media.imageTooShort': "L'image doit faire au moins {height}px de haut",
  'media.malformedUpload':
    "L'envoi a été interrompu ou n'est pas un formulaire valide. Veuillez réessayer.",
  'media.notFound': "Ce fichier n'existe pas.",
  'media.linkExpired': 'Ce lien vers le fichier a expiré. Rechargez la page.',
  'media.notYourUpload': "Ce fichier n'a pas été envoyé par vous.",
  // media: video conversion, document versions, link previews and the image proxy
  'media.videoProcessing': 'Conversion de la vidéo en cours',
  'media.videoFailed': "Cette vidéo n'a pas pu être convertie.",
  'media.documentReplaced': 'Ce document a déjà été remplacé par une version plus récente.',
  'fetch.invalidUrl': "Ce n'est pas une adresse web valide (http ou https).",
  'fetch.addressRefused':
    'Cette adresse ne peut pas être consultée : elle mène à un réseau privé ou local.',
  'fetch.unreachable': "La page n'a pas pu être chargée.",
  'fetch.tooLarge': "La page ou l'image est trop volumineuse pour être chargée.",
  'fetch.timeout': 'La page a mis trop de temps à répondre.',
  'fetch.tooManyRedirects': 'La page redirige trop de fois.',
  'fetch.notImage': 'Cette adresse ne mène pas à une image.',
  // memos
  'memo.notFound': 'Mémo introuvable',
  'memo.idRequired': "L'identifiant est obligatoire",
  'memo.collectionRequired': 'La collection est obligatoire',
  'memo.collectionUnknown': "Cette collection n'existe pas ou ne vous est pas accessible.",
  'memo.collectionNotWritable': 'Vous ne pouvez pas ajouter de mémos à cette collection.',
  'memo.collectionNotFound': 'Collection introuvable',
  'memo.userNotFound': 'Utilisateur introuvable',
  'memo.notInCollection': 'Ce mémo ne se trouve pas dans cette collection.',
  'memo.scheduledInPast': 'La date programmée doit être dans le futur',
  'memo.scheduleNeedsSilver': "La programmation d'un mémo nécessite l'abonnement Silver.",
  'memo.scheduleDateRequired': 'Choisissez la date et l’heure de publication du mémo.',
  'memo.alreadyPublished': 'Ce mémo est déjà publié et ne peut plus être programmé.',
  'memo.copyNotAllowed': "L'auteur n'autorise pas la copie de ce mémo.",
  'memo.todoNotFound': 'Cet élément de la liste de tâches est introuvable.',
  'memo.todoIsHeader': 'Un titre de groupe ne peut pas être coché.',
  'push.invalidSubscription': "Ceci n'est pas un abonnement push valide.",
  'push.subscriptionNotFound': "Cet abonnement push n'existe pas.",
  'push.notAllowed':
    "Seul l'auteur du mémo ou le propriétaire de sa collection peut envoyer une notification push à son sujet.",
  'push.memoNotPublished': "Ce mémo n'est pas encore publié.",
  'push.alreadySent':
    'Une notification push a été envoyée récemment pour ce mémo. Vous pourrez en envoyer une autre dans {minutes} minutes.',
  // comments and reactions
  'comment.notFound': 'Commentaire introuvable',
  'comment.parentNotFound': 'Le commentaire auquel vous répondez est introuvable sur ce mémo.',
  'comment.notAllowed': "L'auteur n'autorise pas les commentaires sur ce mémo.",
  'comment.verifiedOnly': 'Seules les personnes vérifiées peuvent commenter ce mémo.',
  'comment.onlyConnections':
    "Seuls les contacts et abonnés de l'auteur peuvent voir et écrire des commentaires.",
  'reaction.notFound': 'Réaction introuvable',
  'reaction.notAllowed': "L'auteur n'autorise pas les réactions sur ce mémo.",
  'account.deleteWrongPassword':
    "Le mot de passe n'est pas correct. Votre compte n'a pas été supprimé.",
  'account.deletionScheduled':
    'Votre compte est désactivé et sera supprimé le {date}. Connectez-vous avant cette date pour le garder.',
  'account.deletionCancelled': 'Bon retour. Votre compte ne sera pas supprimé.',
  'account.emailChangeSent':
    "Nous avons envoyé un lien de confirmation à la nouvelle adresse. Le changement a lieu lorsque vous l'ouvrez.",
  'account.emailChangeInvalid': 'Ce lien de confirmation est invalide, déjà utilisé ou expiré.',
  'account.emailChangeTaken':
    "Un autre compte utilise maintenant cette adresse, elle n'a donc pas été changée.",
  'account.emailChanged': 'Votre adresse e-mail est désormais {usermail}.',
  'account.emailSame': 'Ceci est déjà votre adresse e-mail.',
  'account.ownerOnly': 'Seul le titulaire du compte peut faire ceci, pas un délégué.',
  'account.exportPending':
    'Votre export de données est en préparation. Vous recevrez un e-mail quand il sera prêt.',
  'account.exportNotFound': "Cet export n'existe pas ou a expiré.",
  'account.sessionNotFound': "Cette session n'existe pas ou est déjà terminée.",
  'identity.notAllowed': "La vérification de l'utilisateur n'est pas autorisée",
  'identity.waiting': "Le service d'identité n'a pas encore répondu.",
  'identity.expired':
    "La connexion par le service d'identité a pris plus de 2 minutes et a été arrêtée. Veuillez réessayer.",
  'identity.failed':
    "Le service d'identité n'a pas pu confirmer votre identité. Veuillez réessayer.",
  'identity.noAccount':
    "Aucun compte n'est encore lié à cette identité. Connectez-vous d'abord avec votre adresse e-mail et vérifiez votre nom dans les paramètres du compte.",
  'identity.alreadyLinked': 'Cette identité est déjà liée à un autre compte.',
  'identity.unavailable': "Le service d'identité est injoignable. Veuillez réessayer plus tard.",
  'publicProfile.subscriptionRequired':
    "Le bouton d'action, la couleur d'accent et la bannière d'un profil public nécessitent un abonnement.",
  // messenger (docs/notes/messenger.md)
  'thread.notFound': 'Conversation introuvable',
  'thread.groupNameRequired': 'Un nom de groupe est nécessaire pour les conversations de groupe',
  'thread.exists': 'Cette conversation existe déjà.',
  'thread.directOne': 'Une conversation directe se fait avec exactement une autre personne.',
  'thread.notAllowed':
    'Vous ne pouvez commencer une conversation qu’avec vos connexions ou des personnes qui acceptent les messages directs.',
  'thread.notConnected': 'Les membres du groupe doivent être vos connexions.',
  'thread.blocked': 'Vous ne pouvez pas envoyer de messages dans cette conversation.',
  'thread.adminOnly': 'Seul un administrateur de cette conversation peut faire cela.',
  'thread.userNotFound': 'Cette personne est introuvable.',
  'message.notFound': 'Message introuvable',
  'message.empty': 'Un message doit contenir du texte, une photo ou un document.',
  'message.notAuthor': 'Seul l’auteur peut modifier ce message.',
  'message.deleted': 'Ce message a été supprimé.',
  'message.badEmoji': 'Une réaction est un seul emoji.',
  'message.replyNotFound': 'Le message auquel vous répondez n’est pas dans cette conversation.',
  // file transfer (docs/notes/file-transfer.md)
  'transfer.invalidLink': 'Ce lien n’est pas valide ou a expiré.',
  'transfer.passwordRequired': 'Ce transfert demande son mot de passe.',
  'transfer.wrongPassword': 'Le mot de passe n’est pas correct.',
  'transfer.dailyLimit':
    'Limite quotidienne atteinte : au plus {transfers} transferts et {gigabytes} Go par jour. Réessayez demain.',
  'transfer.expiryTooLong': 'Sans compte, un transfert est gardé 7 jours au plus.',
  'transfer.notUploaded': 'Tous les fichiers de ce transfert ne sont pas encore envoyés.',
  'transfer.fileTooLarge': 'Un fichier dépasse la limite de {limit} Mo.',
  'transfer.filingFailed':
    "Les fichiers n'ont pas pu être ajoutés à la collection. Réessayez ou supprimez ce transfert.",
  'transfer.tooManyRecipients':
    "Le lien d'un transfert peut être envoyé par e-mail à {count} adresses au plus.",
  'transfer.mailLimit':
    'Vous pouvez faire envoyer des liens à {count} adresses au plus par jour. Réessayez demain.',
  'call.notAllowed': 'Les appels nécessitent un abonnement.',
  'call.cannotJoin': 'Vous ne pouvez pas rejoindre les appels de cette collection.',
  'call.linkInvalid': 'Ce lien d’appel n’est plus valide.',
  'call.notStarted': 'Personne n’a encore lancé d’appel ici.',
  'call.full': 'Cet appel est complet.',
  'call.notFound': 'Appel introuvable',
  // subscriptions (docs/notes/subscriptions.md)
  'product.notFound': "Cette formule n'existe pas.",
  'product.disabled': "Cette formule n'est pas disponible pour votre compte.",
  'order.notFound': 'Commande introuvable',
  'order.noPaymentUrl': 'Aucun lien de paiement reçu',
  'order.notCancellable': 'Seul un abonnement actif peut être résilié.',
  'order.paymentFailed': "Le paiement a rencontré un problème et l'abonnement n'a pas abouti.",
  'payment.unavailable': 'Le service de paiement est injoignable. Veuillez réessayer plus tard.',
  'subscription.required': 'Cela nécessite un abonnement : {product} pour {price} € par an.',
};
