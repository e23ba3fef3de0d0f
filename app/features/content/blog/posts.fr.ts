import type { BlogPostTexts } from "./blog";

/** The blog's posts in French (issue #31): the same blocks as posts.ts, in the same order. Read only by the server (posts.server.ts). */
export const BLOG_POSTS_FR: BlogPostTexts = {
  "future-of-space-rental-2025": {
    title: "L’avenir de la location d’espaces : les tendances qui marqueront 2025",
    excerpt:
      "Le travail flexible, l’économie des créateurs et une nouvelle envie de partager changent la façon dont on trouve et réserve un espace. Voici ce qui, selon nous, définira l’année.",
    authorRole: "Responsable des études de marché",
    tags: ["Tendances", "Économie du partage", "Travail flexible", "2025"],
    imageAlt: "Un loft lumineux aux grandes fenêtres, aménagé pour une réunion flexible",
    body: [
      {
        p: "Autrefois, un espace, on l’achetait ou on le louait pour des années. En 2025, plus de gens que jamais louent exactement l’espace dont ils ont besoin, et seulement pour la durée nécessaire : un studio photo pour un après-midi, une cuisine professionnelle pour un pop-up le temps d’un week-end, un bureau calme pour une semaine de travail concentré. Voici les tendances qui, selon nous, marqueront l’année.",
      },
      { h2: "1. Le travail flexible est devenu la norme" },
      {
        p: "Les horaires hybrides se sont installés. Les équipes qui ont renoncé à de grands sièges ont toujours besoin d’endroits pour se réunir, planifier et fêter leurs réussites. Plutôt que de payer des bureaux vides quatre jours sur cinq, elles réservent des salles de réunion et des lofts à l’heure ou à la journée. Les hôtes qui proposent un Wi-Fi fiable, un bon écran et des tarifs horaires souples sont ceux qui voient la demande la plus forte.",
      },
      { h2: "2. L’économie des créateurs a besoin de lieux" },
      {
        p: "Podcasteurs, photographes, youtubeurs et petites marques produisent plus de contenu que jamais, et la plupart n’ont pas de studio. Les espaces où l’on maîtrise la lumière, traités acoustiquement et dotés de fonds simples sont réservés encore et encore. Un salon baigné de lumière naturelle peut rapporter autant qu’un studio professionnel, pourvu qu’il soit bien décrit et au bon prix.",
      },
      { h2: "3. Louer bien plus que des pièces" },
      {
        p: "La même logique s’applique désormais aux véhicules, au matériel, aux services et aux expériences. Les voyageurs louent un van aménagé pour un long week-end, un lot d’outils électriques pour des travaux ou une sortie guidée en kayak pour un anniversaire. Les plateformes qui réunissent tout cela au même endroit, avec la même réservation, le même paiement et les mêmes avis, facilitent l’organisation d’un projet ou d’un événement entier.",
      },
      { h2: "4. Réservation instantanée et confiance" },
      {
        p: "Les voyageurs veulent réserver dès qu’ils ont trouvé le bon endroit. La réservation instantanée, sans validation par l’hôte, évite des jours d’allers-retours. Elle fonctionne parce que c’est la plateforme qui porte la confiance : des utilisateurs à l’identité vérifiée, un paiement conservé jusqu’à 24 heures après la réservation, des conditions d’annulation claires et une assurance responsabilité civile de 1 million de dollars sur chaque réservation.",
      },
      { h2: "5. La durabilité par le partage" },
      {
        p: "Chaque heure pendant laquelle un espace ou un outil est partagé, c’est une heure où il n’a pas fallu construire ou acheter du neuf. Les voyageurs choisissent de plus en plus de louer plutôt que de posséder, et les hôtes transforment en revenus ce qui dormait. Partager ne coûte pas seulement moins cher : c’est une façon concrète de tirer parti de ce qui existe déjà.",
      },
      { h2: "Ce que cela change pour les hôtes et les voyageurs" },
      {
        ul: [
          "Proposez un tarif à l’heure en plus des tarifs à la journée, à la semaine et au mois, pour que chaque voyageur puisse réserver.",
          "Décrivez ce qui rend votre espace utile : la lumière, le son, les prises, le stationnement, l’accès.",
          "Tenez votre calendrier à jour pour que la réservation instantanée ne déçoive jamais.",
          "Voyageurs : comparez les prix totaux, frais de service de 10 % compris, et lisez les conditions d’annulation avant de réserver.",
        ],
      },
      {
        p: "Nous pensons que 2025 sera l’année où la location flexible deviendra banale. Que vous ayez une chambre d’amis, un van ou un garage rempli d’outils, quelqu’un près de chez vous en a besoin pour une heure, une journée ou un mois.",
      },
    ],
  },
  "maximize-space-earnings": {
    title: "10 façons d’augmenter les revenus de votre espace",
    excerpt:
      "Du tarif à l’heure aux photos qui donnent envie, ces conseils concrets aident les hôtes à gagner davantage avec l’espace dont ils disposent déjà.",
    authorRole: "Responsable de l’accompagnement des hôtes",
    tags: ["Accueil", "Tarifs", "Revenus", "Annonces"],
    imageAlt: "Un studio photo avec des softbox et un fond blanc",
    body: [
      {
        p: "Publier un espace sur Rentwell est gratuit et prend environ 60 secondes. Faire de cette annonce une source de revenus régulière demande un peu plus de réflexion. Voici les dix changements qui, d’après ce que nous observons, font le plus de différence pour les hôtes.",
      },
      { h2: "1. Fixez un tarif à l’heure et à la journée" },
      {
        p: "Beaucoup de voyageurs n’ont besoin que de quelques heures. Un tarif horaire ouvre votre espace aux shootings, aux réunions et aux répétitions, tandis que les tarifs à la journée, à la semaine et au mois récompensent les réservations plus longues. Réfléchissez à chacun : un tarif journalier de six à huit fois le tarif horaire est un point de départ courant.",
      },
      { h2: "2. Photographiez à la lumière du jour" },
      {
        p: "Votre première photo fait l’essentiel du travail. Prenez vos photos le matin ou en début d’après-midi, ouvrez tous les rideaux, rangez ce qui traîne et faites des plans larges depuis un coin de la pièce. Ajoutez des gros plans sur ce qui compte pour les voyageurs : la cuisine, l’éclairage, l’accès pour le chargement.",
      },
      { h2: "3. Rédigez un titre qui dit à quoi sert l’espace" },
      {
        p: "« Loft ensoleillé », c’est agréable ; « Loft ensoleillé pour shootings photo et ateliers, 20 personnes », c’est réservé. Dites à quoi l’espace se prête, combien de personnes il accueille et ce qui le distingue.",
      },
      { h2: "4. Indiquez tous les équipements" },
      {
        p: "Wi-Fi, parking, vidéoprojecteur, sonorisation, accès de plain-pied : les voyageurs filtrent et cherchent ces critères. Chaque équipement que vous omettez, c’est une recherche où vous n’apparaîtrez pas.",
      },
      { h2: "5. Tenez votre calendrier à jour" },
      {
        p: "Avec la réservation instantanée, les voyageurs réservent sans attendre votre réponse. Bloquez les créneaux où vous n’êtes pas disponible pour pouvoir honorer chaque réservation. Un calendrier exact vaut de meilleurs avis et davantage de voyageurs fidèles.",
      },
      { h2: "6. Répondez vite" },
      {
        p: "Les voyageurs remarquent les hôtes qui répondent en moins d’une heure. Une réponse rapide et chaleureuse avant la réservation, puis un petit mot de bienvenue le jour même, donnent le ton d’un avis cinq étoiles.",
      },
      { h2: "7. Choisissez les bonnes conditions d’annulation" },
      {
        p: "Des conditions Flexibles (remboursement intégral jusqu’à 24 heures avant le début) attirent le plus de réservations. Les conditions Modérées (remboursement intégral jusqu’à 5 jours avant) et Strictes (remboursement de 50 % jusqu’à 7 jours avant) conviennent aux espaces difficiles à relouer au dernier moment.",
      },
      { h2: "8. Proposez des offres pour les longs séjours" },
      {
        p: "Les tarifs à la semaine et au mois attirent des studios, des pop-ups et des équipes qui cherchent un point de chute pour un projet. Une seule réservation mensuelle peut remplacer des dizaines de réservations courtes et réduire le travail entre deux locations.",
      },
      { h2: "9. Obtenez d’excellents avis" },
      {
        p: "Les avis sont l’élément le plus convaincant de votre annonce. Nettoyez à fond entre deux réservations, laissez des instructions claires et, une fois la réservation terminée, écrivez à votre voyageur pour le remercier.",
      },
      { h2: "10. Comprenez vos versements" },
      {
        p: "Rentwell facture aux voyageurs des frais de service de 10 % en plus de votre prix, et votre part vous est versée 24 heures après chaque réservation terminée, pour arriver sous 3 à 5 jours ouvrés. Savoir exactement ce que vous recevez simplifie la fixation des prix.",
      },
      {
        p: "Commencez cette semaine par un ou deux de ces changements et observez l’évolution de vos vues et de vos réservations. Les petites améliorations s’additionnent vite.",
      },
    ],
  },
  "tampa-creative-spaces-guide": {
    title: "Les espaces créatifs de Tampa, vus par une habitante",
    excerpt:
      "La ville d’origine de Rentwell regorge de studios, de lieux au bord de l’eau et d’ateliers pour tous les projets. Voici où chercher.",
    authorRole: "Responsable de communauté, Tampa",
    tags: ["Tampa", "Floride", "Studios", "Lieux"],
    imageAlt: "Une promenade au bord de l’eau au coucher du soleil",
    body: [
      {
        p: "Rentwell est basé à Tampa, en Floride : nous connaissons donc bien les coins créatifs de la ville. Que vous tourniez une campagne, animiez un atelier ou organisiez une fête, Tampa a un espace pour vous.",
      },
      { h2: "Le centre-ville et le Riverwalk" },
      {
        p: "Les bureaux et les lofts réaménagés du centre-ville ont de hauts plafonds et de grandes fenêtres, parfaits pour les shootings photo et les séminaires d’équipe. Le Riverwalk offre, à quelques pas, une vue sur l’eau pour les portraits en extérieur.",
      },
      { h2: "Ybor City" },
      {
        p: "Les bâtiments historiques en brique d’Ybor City abritent des salles de répétition, des salles de réception et des galeries. Beaucoup d’hôtes proposent des créneaux en soirée, ce qui convient aux groupes de musique et aux événements d’après le travail.",
      },
      { h2: "Seminole Heights" },
      {
        p: "Ce quartier verdoyant est rempli de bungalows pleins de caractère : idéal pour les shootings lifestyle et les petits ateliers. Cherchez les annonces avec jardin et véranda.",
      },
      { h2: "Tout près : Riverview et Brandon" },
      {
        p: "Juste au sud-est de la ville, Riverview propose des espaces plus grands, des garages et des cours à des tarifs horaires plus bas : parfait pour stocker du matériel, photographier des voitures ou organiser des événements de quartier.",
      },
      { h2: "Nos conseils pour réserver à Tampa" },
      {
        ul: [
          "Les après-midi d’été apportent des orages : réservez un lieu couvert de repli pour vos shootings en extérieur.",
          "Vérifiez le stationnement et l’accès pour le chargement si votre projet demande beaucoup de matériel.",
          "Les matinées en semaine offrent le meilleur rapport qualité-prix dans la plupart des quartiers.",
        ],
      },
    ],
  },
  "designing-a-bookable-studio": {
    title: "Concevoir un studio que les voyageurs adorent réserver",
    excerpt:
      "De la lumière, du son, du rangement et quelques détails bien pensés transforment une pièce ordinaire en un studio qui se réserve tout seul.",
    authorRole: "Architecte d’intérieur et hôte",
    tags: ["Design", "Studios", "Éclairage", "Accueil"],
    imageAlt: "Un studio minimaliste aux murs neutres, avec un éclairage réglable",
    body: [
      {
        p: "Pas besoin d’un gros budget pour créer un espace où créateurs, équipes et petites entreprises reviennent. Il faut une pièce facile à adapter. Ces principes viennent d’hôtes dont les studios sont réservés presque tous les jours de la semaine.",
      },
      { h2: "Commencez par la lumière" },
      {
        p: "La lumière naturelle est ce que les voyageurs demandent le plus. Dégagez les fenêtres et installez des stores occultants pour leur laisser le choix. Complétez avec des LED à variateur et à IRC élevé, sur des interrupteurs séparés, pour que la pièce fonctionne à toute heure.",
      },
      { h2: "Neutre d’abord, modulable ensuite" },
      {
        p: "Des murs blancs ou gris clair et un sol uni laissent chaque voyageur apporter son propre style. Proposez quelques fonds sur roulettes, un tapis et deux ou trois meubles que l’on déplace en quelques minutes.",
      },
      { h2: "Traitez l’acoustique" },
      {
        p: "L’écho gâche les enregistrements comme les réunions. Des panneaux acoustiques, de lourds rideaux et un tapis changent tout pour un coût modeste. Mentionnez-les dans votre annonce : les podcasteurs les recherchent.",
      },
      { h2: "Prises et rangement" },
      {
        p: "Prévoyez des prises sur chaque mur, ajoutez une ou deux multiprises robustes et donnez aux voyageurs un endroit bien identifié pour leurs sacs et leurs mallettes. Un espace rangé le reste quand chaque chose a sa place.",
      },
      { h2: "Les petits détails qui valent de bons avis" },
      {
        ul: [
          "Un miroir en pied et un portant pour les shootings.",
          "Un Wi-Fi rapide, avec le mot de passe affiché près de la porte.",
          "Une bouilloire, de l’eau et quelques tasses propres.",
          "Une carte imprimée avec le règlement intérieur et la façon de laisser les lieux.",
        ],
      },
      {
        p: "Photographiez la pièce terminée du point de vue du voyageur, et indiquez chaque atout comme un équipement. L’aménagement ne fait que la moitié du travail : c’est en le décrivant bien que l’on obtient des réservations.",
      },
    ],
  },
  "flexible-workspace-for-remote-teams": {
    title: "Des espaces de travail flexibles pour les équipes à distance : se retrouver quand ça compte",
    excerpt:
      "Les équipes dispersées troquent le bureau permanent contre des salles à la demande. Comment choisir et réserver le bon espace pour une journée de planification ou un séminaire.",
    authorRole: "Consultante en organisation du travail",
    tags: ["Télétravail", "Bureaux", "Équipes", "Réunions"],
    imageAlt: "Une salle de réunion moderne avec une longue table et un écran mural",
    body: [
      {
        p: "Les équipes à distance travaillent au quotidien depuis n’importe où, mais elles ont encore besoin, de temps en temps, de se retrouver dans la même pièce. Louer un espace de travail à l’heure ou à la journée le leur permet sans signer de bail.",
      },
      { h2: "Définissez l’objectif de la journée" },
      {
        p: "Une journée de planification demande une grande table, un écran et des tableaux blancs. Une fête d’équipe demande une cuisine et un coin pour se détendre. Écrivez d’abord le programme, puis cherchez les espaces dont les équipements y correspondent.",
      },
      { h2: "Choisissez un lieu accessible à tous" },
      {
        p: "Choisissez un quartier bien desservi par les transports en commun, avec du stationnement. Les annonces indiquent l’emplacement d’emblée : comparez les temps de trajet avant de réserver.",
      },
      { h2: "Réservez pour la bonne durée" },
      {
        p: "La plupart des équipes réservent une journée entière pour un séminaire et deux à quatre heures pour un atelier. Pour un sprint de projet, un tarif à la semaine revient souvent moins cher que cinq réservations à la journée.",
      },
      { h2: "Vérifiez l’essentiel" },
      {
        ul: [
          "Capacité : celle de l’annonce doit dépasser votre effectif.",
          "Du Wi-Fi et des prises pour les ordinateurs portables de chacun.",
          "Un écran ou un vidéoprojecteur avec les bons connecteurs.",
          "L’accessibilité pour chaque membre de l’équipe.",
        ],
      },
      { h2: "Maîtrisez votre budget" },
      {
        p: "Le prix affiché correspond au tarif de l’hôte plus des frais de service de 10 %, indiqués avant le paiement. Avec la réservation instantanée, la salle est confirmée tout de suite, et la plupart des annonces remboursent intégralement si vos plans changent 24 heures à l’avance ou plus.",
      },
    ],
  },
  "sustainable-sharing-economy": {
    title: "Pourquoi louer est le choix durable",
    excerpt:
      "Partager des espaces, des outils et des véhicules, c’est garder en service des objets utiles. Tour d’horizon des arguments écologiques en faveur de la location plutôt que de la propriété.",
    authorRole: "Responsable développement durable",
    tags: ["Développement durable", "Économie du partage", "Matériel", "Communauté"],
    imageAlt: "Un jardin partagé avec des carrés potagers surélevés",
    body: [
      {
        p: "Une perceuse moyenne ne sert que quelques minutes au cours de toute sa vie. Beaucoup de voitures restent garées la majeure partie de la journée, et beaucoup de pièces restent vides la majeure partie de la semaine. La location permet à ces biens de servir davantage, et c’est bon pour la planète comme pour le porte-monnaie.",
      },
      { h2: "Moins d’objets, mieux utilisés" },
      {
        p: "Quand un voisin loue votre échelle, votre nettoyeur haute pression ou votre appareil photo, c’est un exemplaire de moins à fabriquer, à transporter et, un jour, à jeter. Le matériel partagé est aussi souvent mieux entretenu, car les hôtes comptent sur lui pour obtenir de bons avis.",
      },
      { h2: "De l’espace sans construire" },
      {
        p: "Utiliser des pièces existantes pour des réunions, des cours et des événements réduit le besoin de nouveaux bâtiments. Un atelier du soir dans un café après la fermeture, ou un marché du week-end dans un entrepôt, tire parti d’un lieu déjà chauffé, éclairé et accessible.",
      },
      { h2: "Local par nature" },
      {
        p: "Louer près de chez soi réduit les trajets et les livraisons. Beaucoup d’hôtes proposent le retrait sur place, et certains livrent le matériel pour un petit supplément : un seul trajet remplace alors un achat et son emballage.",
      },
      { h2: "Comment louer de façon plus durable" },
      {
        ul: [
          "Louez outils et matériel pour les projets ponctuels au lieu de les acheter.",
          "Choisissez des espaces proches des personnes qui viendront.",
          "Rendez les objets propres et signalez toute usure pour qu’ils durent plus longtemps.",
          "Si vous possédez quelque chose dont vous vous servez rarement, mettez-le en location.",
        ],
      },
    ],
  },
  "content-creators-rental-studios": {
    title: "Le guide du créateur de contenu pour louer un studio",
    excerpt:
      "Comment photographes, podcasteurs et vidéastes peuvent choisir, réserver et tirer le meilleur parti d’une séance dans un studio loué.",
    authorRole: "Photographe et hôte",
    tags: ["Création de contenu", "Photographie", "Podcast", "Studios"],
    imageAlt: "Un appareil photo sur trépied face à un plateau éclairé",
    body: [
      {
        p: "Un studio loué peut faire passer votre contenu de bon à professionnel. Voici comment choisir le bon et faire compter chaque heure réservée.",
      },
      { h2: "Adaptez le studio au tournage" },
      {
        p: "La photo de produit demande un petit espace maîtrisable avec un fond sans raccord. Les interviews demandent du calme et de la place pour deux caméras. La mode demande de l’espace pour bouger, un miroir et une cabine pour se changer. Filtrez par type d’espace et lisez attentivement les équipements.",
      },
      { h2: "Planifiez vos heures" },
      {
        p: "Réservez du temps pour l’installation et le rangement, pas seulement pour la prise de vue. La plupart des créateurs ajoutent une heure au début et une à la fin. Le tarif horaire rend les séances courtes abordables ; au-delà de six heures, le tarif journalier est généralement plus avantageux.",
      },
      { h2: "Préparez une liste de plans" },
      {
        p: "Une liste claire des plans, des accessoires et des tenues fait avancer la séance. Transmettez-la à votre hôte à l’avance si vous avez besoin qu’on déplace des meubles ou qu’on installe du matériel.",
      },
      { h2: "Louez aussi le matériel" },
      {
        p: "Rentwell propose des appareils photo, des objectifs, des éclairages et du matériel audio en plus des studios. Louer un objectif pour une journée coûte une fraction de son prix d’achat et permet de l’essayer avant de vous décider.",
      },
      { h2: "Laissez une excellente impression" },
      {
        ul: [
          "Arrivez à l’heure et terminez à l’heure.",
          "Remettez tout à sa place.",
          "Identifiez le studio quand vous partagez votre travail : les hôtes adorent ça.",
          "Laissez un avis sincère pour aider les autres créateurs.",
        ],
      },
    ],
  },
  "pricing-by-hour-day-week": {
    title: "À l’heure, à la journée ou au mois ? Bien fixer le prix de votre annonce",
    excerpt:
      "Un guide pratique pour fixer des tarifs à l’heure, à la journée, à la semaine et au mois qui attirent les réservations sans laisser d’argent sur la table.",
    authorRole: "Responsable de l’accompagnement des hôtes",
    tags: ["Tarifs", "Accueil", "Prix", "Revenus"],
    imageAlt: "Un établi avec des outils électriques soigneusement rangés",
    body: [
      {
        p: "Les voyageurs réservent à l’heure, à la journée, à la semaine ou au mois. Proposer la bonne combinaison de tarifs, et fixer chacun avec bon sens, est le levier le plus puissant dont disposent les hôtes pour augmenter leurs revenus.",
      },
      { h2: "Partez d’annonces comparables" },
      {
        p: "Cherchez des annonces semblables à la vôtre dans votre ville et notez leurs tarifs à l’heure et à la journée. Placez-vous un peu en dessous de la moyenne le temps de recueillir vos premiers avis, puis augmentez vos tarifs à mesure que les réservations progressent.",
      },
      { h2: "Construisez une échelle de remises" },
      {
        p: "Les réservations plus longues signifient moins de ménage et moins de remises de clés : récompensez-les. Une échelle simple : journée = 6-8 × l’heure, semaine = 4-5 × la journée, mois = 3 × la semaine. Les voyageurs voient tous les tarifs que vous proposez, de l’heure au mois.",
      },
      { h2: "N’oubliez pas les frais de service" },
      {
        p: "Les voyageurs paient votre prix plus des frais de service de 10 %, clairement affichés avant le paiement. Votre versement correspond à votre prix et il est débloqué 24 heures après la fin de la réservation.",
      },
      { h2: "Dépôts de garantie et livraison" },
      {
        p: "Pour les véhicules et le matériel, un dépôt de garantie remboursable vous protège contre les dommages, et des frais de livraison rémunèrent votre temps quand vous apportez les objets. Les deux sont indiqués aux voyageurs sur l’annonce.",
      },
      { h2: "Revoyez vos prix à chaque saison" },
      {
        ul: [
          "Augmentez vos tarifs pendant les mois et les week-ends de forte demande.",
          "Baissez les tarifs de journée en semaine si ces créneaux restent vides.",
          "Regardez quels tarifs les voyageurs choisissent vraiment et ajustez les autres.",
        ],
      },
    ],
  },
  "new-york-event-venues-guide": {
    title: "Trouver le lieu idéal pour votre événement à New York",
    excerpt:
      "Des lofts de Brooklyn aux toits-terrasses de Manhattan, un guide pour réserver un lieu d’événement à l’heure à New York.",
    authorRole: "Rédactrice événements",
    tags: ["New York", "Événements", "Lieux", "Guides de villes"],
    imageAlt: "Une salle de réception dressée avec des tables rondes et des guirlandes lumineuses",
    body: [
      {
        p: "New York compte des milliers de salles où organiser une fête, un lancement ou un atelier, encore faut-il savoir où chercher. La réservation à l’heure rend accessibles même les plus beaux lieux de la ville.",
      },
      { h2: "Les lofts de Brooklyn" },
      {
        p: "Williamsburg, Bushwick et DUMBO regorgent de lofts industriels aux briques apparentes et aux grandes fenêtres. Ils sont parfaits pour les lancements, les dîners et les ateliers créatifs, et acceptent souvent que vous fassiez venir votre propre traiteur.",
      },
      { h2: "Toits-terrasses et penthouses de Manhattan" },
      {
        p: "Pour la vue, regardez du côté de Midtown et du Lower East Side. Les toits-terrasses partent vite en été : réservez plusieurs semaines à l’avance et renseignez-vous sur la solution prévue en cas de pluie.",
      },
      { h2: "Queens et au-delà" },
      {
        p: "Long Island City offre de grands espaces abordables avec vue sur les gratte-ciel, à une station de métro de Midtown.",
      },
      { h2: "Les questions à poser avant de réserver" },
      {
        ul: [
          "Quelle est la capacité, debout et assis ?",
          "Les tables, les chaises et la sonorisation sont-elles comprises ?",
          "À quelle heure peut-on commencer l’installation, et quand faut-il partir ?",
          "Quelles sont les conditions d’annulation ?",
        ],
      },
      {
        p: "Chaque réservation sur Rentwell comprend une assurance responsabilité civile de 1 million de dollars, et la réservation instantanée vous permet de bloquer la date dès que vous avez trouvé la bonne salle.",
      },
    ],
  },
};
