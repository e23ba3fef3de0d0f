import type { BlogPostTexts } from "./blog";

/** The blog's posts in Spanish (issue #31): the same blocks as posts.ts, in the same order. Read only by the server (posts.server.ts). */
export const BLOG_POSTS_ES: BlogPostTexts = {
  "future-of-space-rental-2025": {
    title: "El futuro del alquiler de espacios: las tendencias que marcarán 2025",
    excerpt:
      "El trabajo flexible, la economía de los creadores y unas ganas nuevas de compartir están cambiando cómo la gente encuentra y reserva espacios. Esto es lo que creemos que definirá el año.",
    authorRole: "Directora de Análisis de Mercado",
    tags: ["Tendencias", "Economía colaborativa", "Trabajo flexible", "2025"],
    imageAlt: "Un loft luminoso con ventanales altos, preparado para una reunión flexible",
    body: [
      {
        p: "Antes, un espacio era algo que se compraba o se alquilaba durante años. En 2025, más personas que nunca alquilan exactamente el espacio que necesitan y solo durante el tiempo que lo necesitan: un estudio fotográfico para una tarde, una cocina profesional para un pop-up de fin de semana, una oficina tranquila para una semana de trabajo concentrado. Estas son las tendencias que vemos marcar el año.",
      },
      { h2: "1. El trabajo flexible ya es lo normal" },
      {
        p: "Los horarios híbridos llegaron para quedarse. Los equipos que renunciaron a grandes sedes siguen necesitando lugares para reunirse, planificar y celebrar. En lugar de pagar escritorios que pasan vacíos cuatro días a la semana, reservan salas de reuniones y lofts por horas o por días. Los anfitriones que ofrecen Wi-Fi fiable, una buena pantalla y precios por hora flexibles son los que ven más demanda.",
      },
      { h2: "2. La economía de los creadores necesita espacios" },
      {
        p: "Podcasters, fotógrafos, youtubers y pequeñas marcas producen más contenido que nunca, y la mayoría no tiene estudio propio. Los espacios con luz controlable, tratamiento acústico y fondos sencillos se reservan una y otra vez. Una sala de estar con muy buena luz natural puede generar tanto como un estudio profesional si se describe bien y tiene un buen precio.",
      },
      { h2: "3. Alquilar mucho más que salas" },
      {
        p: "La misma lógica se aplica ahora a vehículos, equipos, servicios y experiencias. Los huéspedes alquilan una autocaravana para un fin de semana largo, un kit de herramientas eléctricas para una reforma o una excursión guiada en kayak para un cumpleaños. Las plataformas que reúnen todo esto en un solo lugar, con el mismo proceso de reserva, pago y reseñas, facilitan planificar un proyecto o un evento completo.",
      },
      { h2: "4. Reserva inmediata y confianza" },
      {
        p: "Los huéspedes esperan reservar en cuanto encuentran el lugar adecuado. La reserva inmediata, sin que el anfitrión tenga que aprobarla, ahorra días de idas y vueltas. Funciona porque la confianza la aporta la plataforma: usuarios con identidad verificada, pagos retenidos hasta 24 horas después de la reserva, políticas de cancelación claras y un seguro de responsabilidad civil de 1 millón de dólares en cada reserva.",
      },
      { h2: "5. Sostenibilidad gracias a compartir" },
      {
        p: "Cada hora que se comparte un espacio o una herramienta es una hora en la que no hace falta construir ni comprar algo nuevo. Cada vez más huéspedes prefieren alquilar en lugar de comprar, y los anfitriones convierten en ingresos lo que antes estaba parado. Compartir no solo es más barato: es una forma práctica de aprovechar lo que ya existe.",
      },
      { h2: "Qué significa esto para anfitriones y huéspedes" },
      {
        ul: [
          "Ofrece precios por hora, además de por día, por semana y por mes, para que cualquier tipo de huésped pueda reservar.",
          "Explica qué hace útil tu espacio: la luz, el sonido, los enchufes, el estacionamiento, el acceso.",
          "Mantén tu calendario al día para que la reserva inmediata nunca decepcione.",
          "Si eres huésped, compara los precios totales, con la tarifa de servicio del 10 % incluida, y lee la política de cancelación antes de reservar.",
        ],
      },
      {
        p: "Creemos que 2025 será el año en que el alquiler flexible se vuelva algo cotidiano. Tanto si tienes una habitación libre como una furgoneta o un garaje lleno de herramientas, cerca de ti hay alguien que las necesita por una hora, un día o un mes.",
      },
    ],
  },
  "maximize-space-earnings": {
    title: "10 formas de aumentar lo que ganas alquilando tu espacio",
    excerpt:
      "Desde cobrar por horas hasta fotos que venden, estos pasos prácticos ayudan a los anfitriones a ganar más con el espacio que ya tienen.",
    authorRole: "Responsable de Éxito de Anfitriones",
    tags: ["Hospedaje", "Precios", "Ingresos", "Anuncios"],
    imageAlt: "Un estudio fotográfico con luces softbox y un fondo blanco",
    body: [
      {
        p: "Publicar un espacio en Rentwell es gratis y lleva unos 60 segundos. Convertir ese anuncio en ingresos constantes requiere pensarlo un poco más. Estos son los diez cambios que, según vemos, más marcan la diferencia para los anfitriones.",
      },
      { h2: "1. Pon precio por hora y por día" },
      {
        p: "Muchos huéspedes solo necesitan unas horas. Una tarifa por hora abre tu espacio a sesiones de fotos, reuniones y ensayos, mientras que las tarifas por día, semana y mes premian las reservas más largas. Define cada una con intención: una tarifa diaria de seis a ocho veces la tarifa por hora es un punto de partida habitual.",
      },
      { h2: "2. Haz las fotos con luz de día" },
      {
        p: "Tu primera foto hace casi todo el trabajo de venta. Fotografía por la mañana o a primera hora de la tarde, abre todas las cortinas, retira lo que sobre y haz tomas amplias desde una esquina. Añade primeros planos de lo que más les importa a los huéspedes: la cocina, el equipo de iluminación, el acceso para carga y descarga.",
      },
      { h2: "3. Escribe un título que diga para qué sirve" },
      {
        p: "“Loft soleado” suena bien; “Loft soleado para sesiones de fotos y talleres, 20 personas” consigue reservas. Di para qué es bueno el espacio, cuántas personas caben y qué lo hace diferente.",
      },
      { h2: "4. Incluye todos los servicios" },
      {
        p: "Wi-Fi, estacionamiento, proyector, equipo de sonido, acceso sin escalones: los huéspedes filtran y buscan por estas cosas. Cada servicio que no incluyes es una búsqueda en la que no vas a aparecer.",
      },
      { h2: "5. Mantén tu calendario al día" },
      {
        p: "Con la reserva inmediata, los huéspedes reservan sin esperar tu respuesta. Marca los horarios en los que no estás disponible para que puedas cumplir con cada reserva. Un calendario exacto trae mejores reseñas y más huéspedes que repiten.",
      },
      { h2: "6. Responde rápido" },
      {
        p: "Los huéspedes se fijan en los anfitriones que contestan en menos de una hora. Una respuesta rápida y amable antes de la reserva y un breve mensaje de bienvenida el mismo día marcan el tono de una reseña de cinco estrellas.",
      },
      { h2: "7. Elige la política de cancelación adecuada" },
      {
        p: "Una política Flexible (reembolso total hasta 24 horas antes del inicio) es la que más reservas atrae. La Moderada (reembolso total hasta 5 días antes) y la Estricta (reembolso del 50 % hasta 7 días antes) van bien con espacios difíciles de volver a reservar con poca antelación.",
      },
      { h2: "8. Ofrece precios para estancias largas" },
      {
        p: "Los precios por semana y por mes atraen a estudios, pop-ups y equipos que necesitan una base para un proyecto. Una sola reserva mensual puede sustituir a decenas de reservas cortas y reducir el trabajo entre una y otra.",
      },
      { h2: "9. Gana reseñas excelentes" },
      {
        p: "Las reseñas son la parte más convincente de tu anuncio. Limpia a fondo entre reservas, deja instrucciones claras y, al terminar la reserva, escribe a tu huésped para darle las gracias.",
      },
      { h2: "10. Entiende tus pagos" },
      {
        p: "Rentwell cobra a los huéspedes una tarifa de servicio del 10 % sobre tu precio, y tu parte se paga 24 horas después de cada reserva completada y llega en 3 a 5 días hábiles. Saber exactamente cuánto recibes hace que poner precios sea sencillo.",
      },
      {
        p: "Empieza esta semana con uno o dos de estos cambios y observa cómo responden tus visitas y tus reservas. Las pequeñas mejoras se suman rápido.",
      },
    ],
  },
  "tampa-creative-spaces-guide": {
    title: "Guía local de espacios creativos en Tampa",
    excerpt:
      "La ciudad donde nació Rentwell tiene estudios, locales frente al agua y talleres para todo tipo de proyectos. Aquí te contamos dónde buscar.",
    authorRole: "Responsable de Comunidad, Tampa",
    tags: ["Tampa", "Florida", "Estudios", "Locales"],
    imageAlt: "Un paseo junto al agua al atardecer",
    body: [
      {
        p: "Rentwell tiene su sede en Tampa, Florida, así que conocemos bien los rincones creativos de la ciudad. Tanto si vas a fotografiar una campaña como a dar un taller u organizar una fiesta, en Tampa hay un espacio para ello.",
      },
      { h2: "El centro y el Riverwalk" },
      {
        p: "Las oficinas y los lofts reformados del centro tienen techos altos y grandes ventanales, ideales para sesiones de fotos y reuniones de equipo fuera de la oficina. El Riverwalk ofrece vistas al agua a pocos pasos para retratos en exteriores.",
      },
      { h2: "Ybor City" },
      {
        p: "Los edificios históricos de ladrillo de Ybor City albergan salas de ensayo, salones de eventos y galerías. Muchos anfitriones ofrecen horario de tarde y noche, algo que les viene bien a las bandas y a los eventos después del trabajo.",
      },
      { h2: "Seminole Heights" },
      {
        p: "Este barrio arbolado está lleno de bungalós con personalidad, perfectos para sesiones de estilo de vida y talleres pequeños. Busca anuncios con jardín y porche.",
      },
      { h2: "Cerca: Riverview y Brandon" },
      {
        p: "Justo al sureste de la ciudad, Riverview ofrece espacios más grandes, garajes y patios a precios por hora más bajos: perfectos para guardar equipos, hacer sesiones con autos o celebrar eventos comunitarios.",
      },
      { h2: "Consejos para reservar en Tampa" },
      {
        ul: [
          "Las tardes de verano traen tormentas: reserva un espacio interior de respaldo para las sesiones al aire libre.",
          "Revisa el estacionamiento y el acceso para carga si tu proyecto lleva mucho equipo.",
          "Las mañanas entre semana son las que tienen mejor precio en la mayoría de los barrios.",
        ],
      },
    ],
  },
  "designing-a-bookable-studio": {
    title: "Cómo diseñar un estudio que los huéspedes quieran reservar",
    excerpt:
      "Luz, sonido, almacenamiento y algunos detalles bien pensados convierten una sala cualquiera en un estudio que se reserva solo.",
    authorRole: "Interiorista y anfitrión",
    tags: ["Diseño", "Estudios", "Iluminación", "Hospedaje"],
    imageAlt: "Un estudio minimalista con paredes neutras e iluminación regulable",
    body: [
      {
        p: "No hace falta un gran presupuesto para crear un espacio al que vuelvan creadores, equipos y pequeñas empresas. Hace falta una sala fácil de adaptar. Estos principios de diseño vienen de anfitriones cuyos estudios están reservados casi todos los días de la semana.",
      },
      { h2: "Empieza por la luz" },
      {
        p: "La luz natural es lo que más preguntan los huéspedes. Deja las ventanas despejadas y añade cortinas opacas para que cada huésped pueda elegir. Compleméntala con luces LED regulables y de alto IRC, con interruptores separados, para que la sala funcione a cualquier hora.",
      },
      { h2: "Neutro y, después, flexible" },
      {
        p: "Unas paredes blancas o gris claro y un suelo liso permiten que cada huésped traiga su propio estilo. Ofrece algunos fondos con ruedas, una alfombra y dos o tres muebles que se puedan mover en minutos.",
      },
      { h2: "Trata la acústica" },
      {
        p: "El eco arruina grabaciones y reuniones. Los paneles acústicos, las cortinas gruesas y una alfombra cambian muchísimo el resultado por poco dinero. Menciónalos en tu anuncio: los podcasters los buscan.",
      },
      { h2: "Enchufes y almacenamiento" },
      {
        p: "Coloca enchufes en todas las paredes, añade una o dos regletas resistentes y deja a los huéspedes un lugar claro para bolsas y estuches. Un espacio ordenado se mantiene ordenado cuando cada cosa tiene su sitio.",
      },
      { h2: "Pequeños detalles que ganan reseñas" },
      {
        ul: [
          "Un espejo de cuerpo entero y un perchero con ruedas para las sesiones.",
          "Wi-Fi rápido, con la contraseña impresa junto a la puerta.",
          "Un hervidor, agua y algunas tazas limpias.",
          "Una tarjeta impresa con las normas de la casa y cómo dejar el espacio.",
        ],
      },
      {
        p: "Fotografía la sala terminada desde el punto de vista del huésped e incluye cada característica como un servicio. El diseño es solo la mitad del trabajo: describirlo bien es lo que consigue las reservas.",
      },
    ],
  },
  "flexible-workspace-for-remote-teams": {
    title: "Espacios de trabajo flexibles para equipos remotos: reunirse cuando importa",
    excerpt:
      "Los equipos distribuidos están cambiando la oficina fija por salas bajo demanda. Cómo elegir y reservar el espacio adecuado para jornadas de planificación y encuentros fuera de la oficina.",
    authorRole: "Estratega de espacios de trabajo",
    tags: ["Trabajo remoto", "Oficinas", "Equipos", "Reuniones"],
    imageAlt: "Una sala de reuniones moderna con una mesa larga y una pantalla en la pared",
    body: [
      {
        p: "Los equipos remotos hacen su trabajo diario desde cualquier lugar, pero de vez en cuando necesitan estar juntos en la misma sala. Alquilar un espacio de trabajo por horas o por días se lo permite sin firmar un contrato de arrendamiento.",
      },
      { h2: "Decide para qué es el día" },
      {
        p: "Una jornada de planificación necesita una mesa grande, una pantalla y pizarras. Una celebración de equipo necesita cocina y un lugar para relajarse. Escribe primero la agenda y luego busca espacios cuyos servicios encajen con ella.",
      },
      { h2: "Elige un lugar al que todos puedan llegar" },
      {
        p: "Elige un barrio con buen transporte público y estacionamiento. Los anuncios muestran la ubicación desde el principio, así que compara los tiempos de viaje antes de reservar.",
      },
      { h2: "Reserva el tiempo justo" },
      {
        p: "La mayoría de los equipos reserva un día completo para un encuentro fuera de la oficina y de dos a cuatro horas para un taller. Para un sprint de proyecto, una tarifa semanal suele salir más barata que cinco reservas de un día.",
      },
      { h2: "Revisa lo esencial" },
      {
        ul: [
          "Capacidad: la del anuncio debe superar el número de personas del equipo.",
          "Wi-Fi y enchufes para los portátiles de todos.",
          "Pantalla o proyector con los conectores adecuados.",
          "Accesibilidad para todas las personas del equipo.",
        ],
      },
      { h2: "Presupuesta con confianza" },
      {
        p: "El precio que ves es la tarifa del anfitrión más una tarifa de servicio del 10 %, y se muestra antes de pagar. Con la reserva inmediata confirmas la sala al momento, y la mayoría de los anuncios te devuelven el importe completo si cambian los planes con 24 horas o más de antelación.",
      },
    ],
  },
  "sustainable-sharing-economy": {
    title: "Por qué alquilar es la opción sostenible",
    excerpt:
      "Compartir espacios, herramientas y vehículos mantiene en uso las cosas útiles. Un repaso a los argumentos ambientales a favor de alquilar en lugar de comprar.",
    authorRole: "Responsable de Sostenibilidad",
    tags: ["Sostenibilidad", "Economía colaborativa", "Equipos", "Comunidad"],
    imageAlt: "Un huerto comunitario compartido con bancales elevados",
    body: [
      {
        p: "Un taladro medio se usa apenas unos minutos en toda su vida útil. Muchos autos pasan la mayor parte del día estacionados, y muchas salas están vacías casi toda la semana. Alquilar permite que esas cosas trabajen más, y eso es bueno para el planeta y también para el bolsillo.",
      },
      { h2: "Menos cosas, mejor aprovechadas" },
      {
        p: "Cuando un vecino alquila tu escalera, tu hidrolimpiadora o tu cámara, se fabrica, se transporta y se acaba tirando una menos. Además, el equipo compartido suele estar mejor cuidado, porque los anfitriones dependen de que les gane buenas reseñas.",
      },
      { h2: "Espacio sin construir" },
      {
        p: "Usar salas que ya existen para reuniones, clases y eventos reduce la demanda de edificios nuevos. Un taller nocturno en una cafetería después del cierre, o un mercado de fin de semana en una nave, aprovecha un espacio que ya tiene calefacción, iluminación y acceso.",
      },
      { h2: "Local por naturaleza" },
      {
        p: "Alquilar cerca reduce los desplazamientos y los envíos. Muchos anfitriones ofrecen recogida y algunos entregan el equipo por un pequeño cargo, así que un solo viaje sustituye a una compra y a su embalaje.",
      },
      { h2: "Cómo alquilar de forma más sostenible" },
      {
        ul: [
          "Alquila herramientas y equipo para proyectos puntuales en lugar de comprarlos.",
          "Elige espacios cerca de las personas que van a asistir.",
          "Devuelve las cosas limpias e informa de cualquier desgaste para que duren más.",
          "Si tienes algo que casi no usas, publícalo.",
        ],
      },
    ],
  },
  "content-creators-rental-studios": {
    title: "Guía del creador de contenido para alquilar un estudio",
    excerpt:
      "Cómo fotógrafos, podcasters y videógrafos pueden elegir, reservar y sacar el máximo partido a una sesión en un estudio alquilado.",
    authorRole: "Fotógrafo y anfitrión",
    tags: ["Creación de contenido", "Fotografía", "Pódcast", "Estudios"],
    imageAlt: "Una cámara sobre un trípode frente a un set iluminado",
    body: [
      {
        p: "Un estudio alquilado puede llevar tu contenido de bueno a profesional. Así puedes elegir el adecuado y aprovechar cada hora reservada.",
      },
      { h2: "Elige el estudio según la sesión" },
      {
        p: "La fotografía de producto necesita un espacio pequeño y controlable con un fondo continuo. Las entrevistas necesitan silencio y sitio para dos cámaras. La moda necesita espacio para moverse, un espejo y una zona para cambiarse. Filtra por tipo de espacio y lee los servicios con atención.",
      },
      { h2: "Planifica tus horas" },
      {
        p: "Reserva tiempo para montar y desmontar, no solo para grabar o fotografiar. La mayoría de los creadores añade una hora al principio y otra al final. El precio por hora hace asequibles las sesiones cortas; a partir de seis horas, la tarifa diaria suele salir mejor.",
      },
      { h2: "Lleva una lista de tomas" },
      {
        p: "Una lista clara de tomas, accesorios y vestuario mantiene la sesión en marcha. Compártela antes con tu anfitrión si necesitas que se muevan muebles o que se monte algún equipo.",
      },
      { h2: "Alquila también el equipo" },
      {
        p: "En Rentwell se anuncian cámaras, objetivos, luces y equipos de audio, además de estudios. Alquilar un objetivo por un día cuesta una fracción de lo que vale comprarlo y te permite probarlo antes de decidirte.",
      },
      { h2: "Deja una gran impresión" },
      {
        ul: [
          "Llega puntual y termina a tiempo.",
          "Deja todo donde lo encontraste.",
          "Etiqueta al estudio cuando compartas tu trabajo: a los anfitriones les encanta.",
          "Deja una reseña sincera para ayudar a otros creadores.",
        ],
      },
    ],
  },
  "pricing-by-hour-day-week": {
    title: "¿Por hora, por día o por mes? Cómo poner bien el precio a tu anuncio",
    excerpt:
      "Una guía práctica para fijar tarifas por hora, día, semana y mes que atraigan reservas sin dejar dinero sobre la mesa.",
    authorRole: "Responsable de Éxito de Anfitriones",
    tags: ["Precios", "Hospedaje", "Tarifas", "Ingresos"],
    imageAlt: "Un banco de trabajo con herramientas eléctricas bien ordenadas",
    body: [
      {
        p: "Los huéspedes reservan por hora, día, semana o mes. Ofrecer la combinación adecuada de tarifas, y fijar cada una con sensatez, es la palanca más importante que tienen los anfitriones para aumentar sus ingresos.",
      },
      { h2: "Parte de anuncios comparables" },
      {
        p: "Busca anuncios parecidos al tuyo en tu ciudad y anota sus tarifas por hora y por día. Pon un precio algo por debajo de la media mientras consigues tus primeras reseñas y súbelo a medida que crezcan las reservas.",
      },
      { h2: "Crea una escala de descuentos" },
      {
        p: "Las reservas más largas suponen menos limpieza y menos entregas, así que prémialas. Una escala sencilla: por día = 6-8 × por hora, por semana = 4-5 × por día, por mes = 3 × por semana. Los huéspedes ven todas las tarifas que ofreces, de la tarifa por hora a la mensual.",
      },
      { h2: "Ten en cuenta la tarifa de servicio" },
      {
        p: "Los huéspedes pagan tu precio más una tarifa de servicio del 10 %, que se muestra con claridad antes de pagar. Lo que cobras es tu precio, y se libera 24 horas después de que termine la reserva.",
      },
      { h2: "Depósitos y entregas" },
      {
        p: "Para vehículos y equipos, un depósito reembolsable te protege de los daños, y un cargo por entrega cubre tu tiempo cuando llevas las cosas. Ambos se muestran a los huéspedes en el anuncio.",
      },
      { h2: "Revisa tus precios cada temporada" },
      {
        ul: [
          "Sube las tarifas en los meses y fines de semana de mayor demanda.",
          "Baja las tarifas diurnas entre semana si esas horas quedan vacías.",
          "Fíjate en qué tarifas eligen de verdad los huéspedes y ajusta las demás.",
        ],
      },
    ],
  },
  "new-york-event-venues-guide": {
    title: "Cómo encontrar el lugar perfecto para tu evento en Nueva York",
    excerpt:
      "De los lofts de Brooklyn a las azoteas de Manhattan, una guía para reservar espacios para eventos en Nueva York por horas.",
    authorRole: "Editora de Eventos",
    tags: ["Nueva York", "Eventos", "Locales", "Guías de ciudades"],
    imageAlt: "Un salón de eventos con mesas redondas y guirnaldas de luces",
    body: [
      {
        p: "Nueva York tiene miles de salas donde celebrar una fiesta, un lanzamiento o un taller, si sabes dónde buscar. Reservar por horas hace accesibles incluso los mejores espacios de la ciudad.",
      },
      { h2: "Lofts en Brooklyn" },
      {
        p: "Williamsburg, Bushwick y DUMBO están llenos de lofts industriales con ladrillo visto y grandes ventanales. Son ideales para lanzamientos, cenas y talleres creativos, y a menudo permiten traer tu propio servicio de catering.",
      },
      { h2: "Azoteas y áticos en Manhattan" },
      {
        p: "Si buscas vistas, mira en Midtown y en el Lower East Side. Las azoteas se reservan rápido en verano: resérvalas con varias semanas de antelación y pregunta qué plan hay si llueve.",
      },
      { h2: "Queens y más allá" },
      {
        p: "Long Island City ofrece espacios grandes y asequibles con vistas al skyline, a una parada de metro de Midtown.",
      },
      { h2: "Preguntas antes de reservar" },
      {
        ul: [
          "¿Cuál es la capacidad, de pie y sentados?",
          "¿Incluye mesas, sillas y equipo de sonido?",
          "¿A qué hora se puede empezar a montar y a qué hora hay que irse?",
          "¿Cuál es la política de cancelación?",
        ],
      },
      {
        p: "Cada reserva en Rentwell incluye un seguro de responsabilidad civil de 1 millón de dólares, y con la reserva inmediata puedes asegurar la fecha en cuanto encuentres la sala adecuada.",
      },
    ],
  },
};
