import type { Category } from '@hora/core/config';
import type { BookingRules } from '@hora/core/listing';

/**
 * What a space of each category is like, as hosts in Spain describe it: the words of its title
 * and description, how many people it holds, its size, what an hour costs, when it opens and the
 * booking rules hosts of that kind ask for. The demo listings are composed from these.
 */
export interface NounPhrase {
  text: string;
  gender: 'm' | 'f';
}

export type PlanStyle =
  | 'office'
  | 'extended'
  | 'weekends'
  | 'split'
  | 'evenings'
  | 'wholeDay'
  | 'mornings'
  | 'tuesdayToSunday';

export interface CategoryProfile {
  nouns: readonly NounPhrase[];
  features: readonly string[];
  uses: readonly string[];
  /** A second category some of these spaces also fit. */
  related: readonly Category[];
  capacity: readonly [number, number];
  areaM2: readonly [number, number];
  /** Euros per hour. */
  price: readonly [number, number];
  plans: readonly PlanStyle[];
  /** Rules hosts of this kind set beyond the defaults (one is picked for some listings). */
  rules: readonly Partial<BookingRules>[];
  certificate?: string;
  /** Only in these neighbourhoods (boats sail from the ports). */
  neighbourhoods?: readonly string[];
}

const m = (text: string): NounPhrase => ({ text, gender: 'm' });
const f = (text: string): NounPhrase => ({ text, gender: 'f' });

const CLEANING = { bufferAfterMinutes: 30 };
const TURNOVER = { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
const TWO_HOURS = { minDurationMinutes: 120 };
const HALF_HOURS = { slotStepMinutes: 30 as const, minDurationMinutes: 30 };
const NEXT_DAY = { advanceNoticeMinutes: 24 * 60 };

export const CATEGORY_PROFILES: Record<Category, CategoryProfile> = {
  cocina: {
    nouns: [f('Cocina profesional'), m('Obrador'), f('Cocina de producción'), f('Cocina equipada')],
    features: [
      'horno mixto de convección',
      'cámara frigorífica',
      'seis fuegos de gas',
      'mesas de acero inoxidable',
      'abatidor de temperatura',
      'lavavajillas industrial',
      'campana extractora',
    ],
    uses: [
      'elaborar catering',
      'grabar recetas',
      'cursos de cocina',
      'pruebas de menú',
      'repostería por encargo',
    ],
    related: ['clases', 'taller'],
    capacity: [2, 12],
    areaM2: [25, 90],
    price: [25, 80],
    plans: ['office', 'mornings', 'extended', 'split'],
    rules: [CLEANING, { ...CLEANING, minDurationMinutes: 180 }, TWO_HOURS],
    certificate: 'Registro sanitario',
  },
  coworking: {
    nouns: [
      m('Puesto en coworking'),
      m('Despacho privado'),
      m('Espacio de coworking'),
      f('Mesa fija en coworking'),
    ],
    features: [
      'fibra de 1 Gb',
      'café y té incluidos',
      'sillas ergonómicas',
      'cabinas para llamadas',
      'impresora',
      'taquillas',
    ],
    uses: ['teletrabajar', 'reuniones con clientes', 'jornadas de trabajo en equipo', 'entrevistas'],
    related: ['sala'],
    capacity: [1, 8],
    areaM2: [8, 60],
    price: [10, 25],
    plans: ['office', 'extended', 'split'],
    rules: [{ maxDurationMinutes: 600 }],
  },
  terraza: {
    nouns: [f('Terraza'), m('Ático con terraza'), f('Azotea'), f('Terraza con vistas')],
    features: [
      'vistas a los tejados de la ciudad',
      'toldo retráctil',
      'guirnaldas de luces',
      'barra de bar',
      'zona chill-out',
      'plantas mediterráneas',
    ],
    uses: [
      'celebraciones',
      'afterworks',
      'sesiones de fotos',
      'presentaciones de producto',
      'cenas privadas',
    ],
    related: ['exteriores'],
    capacity: [10, 60],
    areaM2: [40, 200],
    price: [40, 150],
    plans: ['tuesdayToSunday', 'evenings', 'weekends'],
    rules: [TWO_HOURS, { ...TWO_HOURS, ...CLEANING }, { ...NEXT_DAY, minDurationMinutes: 180 }],
  },
  sala: {
    nouns: [
      f('Sala de reuniones'),
      f('Sala polivalente'),
      f('Sala diáfana'),
      f('Sala de formación'),
      f('Sala luminosa'),
    ],
    features: [
      'pantalla de 65 pulgadas',
      'pizarra blanca',
      'proyector',
      'wifi rápido',
      'aire acondicionado',
      'luz natural',
      'sillas apilables',
    ],
    uses: ['reuniones', 'talleres', 'formaciones', 'presentaciones', 'clases de yoga', 'ensayos de teatro'],
    related: ['clases', 'coworking'],
    capacity: [4, 40],
    areaM2: [15, 120],
    price: [15, 60],
    plans: ['office', 'extended', 'split', 'evenings'],
    rules: [TURNOVER, HALF_HOURS],
  },
  estudio: {
    nouns: [m('Estudio fotográfico'), m('Plató'), m('Estudio con ciclorama'), m('Estudio de fotografía')],
    features: [
      'ciclorama blanco',
      'flashes de estudio',
      'fondos de papel de colores',
      'luz natural del norte',
      'camerino',
      'ventanales',
    ],
    uses: ['sesiones de fotos', 'rodajes', 'contenido para redes', 'castings', 'fotografía de producto'],
    related: ['podcast'],
    capacity: [2, 15],
    areaM2: [40, 180],
    price: [30, 120],
    plans: ['extended', 'office', 'tuesdayToSunday'],
    rules: [TWO_HOURS, { ...TWO_HOURS, bufferAfterMinutes: 30 }],
  },
  piscina: {
    nouns: [f('Piscina privada'), f('Piscina climatizada'), m('Jardín con piscina')],
    features: ['tumbonas', 'ducha exterior', 'zona de césped', 'vestuario', 'agua salada'],
    uses: ['clases de natación', 'fiestas de verano', 'sesiones de fotos', 'rodajes', 'entrenamientos'],
    related: ['exteriores'],
    capacity: [4, 25],
    areaM2: [30, 150],
    price: [40, 150],
    plans: ['weekends', 'wholeDay', 'tuesdayToSunday'],
    rules: [TWO_HOURS, { ...NEXT_DAY, ...TWO_HOURS }],
    certificate: 'Control sanitario de piscinas',
  },
  gimnasio: {
    nouns: [m('Gimnasio boutique'), m('Box de entrenamiento'), f('Sala de fitness'), m('Gimnasio privado')],
    features: [
      'racks de sentadillas',
      'mancuernas hasta 40 kg',
      'suelo de caucho',
      'espejos',
      'vestuarios con duchas',
      'equipo de sonido',
    ],
    uses: ['entrenamientos personales', 'clases en grupos reducidos', 'grabar vídeos de fitness'],
    related: ['clases', 'salud'],
    capacity: [1, 20],
    areaM2: [40, 250],
    price: [15, 50],
    plans: ['mornings', 'extended', 'split'],
    rules: [HALF_HOURS, { bufferAfterMinutes: 15 }],
  },
  showroom: {
    nouns: [m('Showroom'), m('Local a pie de calle'), f('Tienda pop-up'), m('Espacio expositivo')],
    features: [
      'escaparate a la calle',
      'percheros y burros',
      'iluminación de galería',
      'probador',
      'paredes blancas',
    ],
    uses: ['tiendas efímeras', 'presentar colecciones', 'exposiciones', 'mercadillos de diseño'],
    related: ['sala'],
    capacity: [5, 50],
    areaM2: [30, 160],
    price: [25, 90],
    plans: ['tuesdayToSunday', 'office', 'extended'],
    rules: [{ minDurationMinutes: 240 }, NEXT_DAY],
  },
  apartamento: {
    nouns: [m('Apartamento'), m('Piso luminoso'), m('Loft'), m('Apartamento con encanto')],
    features: ['salón amplio', 'cocina americana', 'balcón', 'suelos de madera', 'techos altos'],
    uses: ['rodajes', 'sesiones de fotos', 'reuniones discretas', 'descansar entre reuniones'],
    related: ['estudio'],
    capacity: [2, 10],
    areaM2: [45, 120],
    price: [20, 70],
    plans: ['wholeDay', 'extended'],
    rules: [{ minDurationMinutes: 180, ...CLEANING }, CLEANING],
  },
  exteriores: {
    nouns: [m('Jardín'), m('Patio'), m('Huerto urbano'), m('Espacio al aire libre')],
    features: ['árboles frutales', 'zona de sombra', 'mesas de madera', 'punto de agua', 'césped natural'],
    uses: ['picnics', 'talleres al aire libre', 'bodas íntimas', 'sesiones de fotos', 'clases de yoga'],
    related: ['terraza'],
    capacity: [5, 80],
    areaM2: [50, 400],
    price: [20, 100],
    plans: ['weekends', 'tuesdayToSunday', 'wholeDay'],
    rules: [TWO_HOURS],
  },
  habitacion: {
    nouns: [f('Habitación tranquila'), f('Habitación privada'), m('Cuarto independiente')],
    features: ['cama de matrimonio', 'escritorio', 'ventana exterior', 'armario', 'baño cercano'],
    uses: ['descansar', 'teletrabajar', 'una siesta entre trenes', 'terapias individuales'],
    related: ['apartamento'],
    capacity: [1, 2],
    areaM2: [9, 20],
    price: [10, 25],
    plans: ['wholeDay', 'extended'],
    rules: [CLEANING],
  },
  casa: {
    nouns: [f('Casa'), f('Casa con jardín'), m('Chalet'), f('Casa señorial')],
    features: [
      'salón con chimenea',
      'cocina completa',
      'jardín privado',
      'varias habitaciones',
      'aparcamiento',
    ],
    uses: ['rodajes', 'reuniones familiares', 'retiros de empresa', 'celebraciones'],
    related: ['exteriores', 'apartamento'],
    capacity: [6, 30],
    areaM2: [90, 350],
    price: [50, 150],
    plans: ['wholeDay', 'weekends'],
    rules: [
      { minDurationMinutes: 240, ...NEXT_DAY },
      { minDurationMinutes: 180, bufferAfterMinutes: 60 },
    ],
  },
  taller: {
    nouns: [m('Taller de cerámica'), m('Taller de carpintería'), m('Espacio maker'), m('Taller artesano')],
    features: [
      'torno de alfarero',
      'horno cerámico',
      'banco de trabajo',
      'herramientas eléctricas',
      'pila grande',
      'buena ventilación',
    ],
    uses: ['talleres de cerámica', 'proyectos de bricolaje', 'cursos de restauración', 'prototipos'],
    related: ['clases'],
    capacity: [2, 14],
    areaM2: [30, 120],
    price: [15, 45],
    plans: ['office', 'split', 'weekends', 'evenings'],
    rules: [TWO_HOURS, CLEANING],
  },
  bote: {
    nouns: [m('Velero'), m('Barco'), f('Lancha'), m('Catamarán')],
    features: ['patrón incluido', 'chalecos salvavidas', 'nevera', 'solárium', 'equipo de música'],
    uses: ['paseos por la costa', 'celebraciones', 'sesiones de fotos', 'ver la puesta de sol'],
    related: ['exteriores'],
    capacity: [4, 12],
    areaM2: [12, 40],
    price: [60, 150],
    plans: ['weekends', 'tuesdayToSunday', 'extended'],
    rules: [
      { minDurationMinutes: 120, bufferAfterMinutes: 30 },
      { ...NEXT_DAY, minDurationMinutes: 180 },
    ],
    certificate: 'Titulación náutica del patrón',
    neighbourhoods: ['La Barceloneta', 'Poblenou', 'El Cabanyal', 'Malvarrosa'],
  },
  clases: {
    nouns: [m('Aula'), f('Aula de formación'), f('Aula de idiomas'), m('Espacio para clases')],
    features: ['pupitres', 'pizarra digital', 'proyector', 'luz natural', 'aire acondicionado'],
    uses: [
      'clases particulares',
      'cursos',
      'preparar oposiciones',
      'talleres infantiles',
      'clases de idiomas',
    ],
    related: ['sala'],
    capacity: [4, 30],
    areaM2: [15, 70],
    price: [12, 40],
    plans: ['office', 'split', 'evenings'],
    rules: [TURNOVER, HALF_HOURS],
  },
  salud: {
    nouns: [f('Consulta'), f('Sala de terapias'), f('Cabina de masaje'), f('Consulta de fisioterapia')],
    features: ['camilla hidráulica', 'lavabo', 'sala de espera', 'insonorización', 'calefacción radiante'],
    uses: ['fisioterapia', 'psicología', 'masajes', 'nutrición', 'osteopatía'],
    related: ['habitacion'],
    capacity: [1, 4],
    areaM2: [10, 25],
    price: [12, 35],
    plans: ['office', 'split', 'extended'],
    rules: [HALF_HOURS, { ...HALF_HOURS, bufferAfterMinutes: 15 }],
    certificate: 'Centro sanitario autorizado',
  },
  podcast: {
    nouns: [m('Estudio de podcast'), f('Cabina de podcast'), m('Set de podcast')],
    features: [
      'cuatro micrófonos dinámicos',
      'mesa de mezclas',
      'tratamiento acústico',
      'cámaras para vídeo',
      'auriculares',
    ],
    uses: ['grabar podcasts', 'entrevistas', 'directos en streaming', 'audiolibros'],
    related: ['grabacion'],
    capacity: [1, 6],
    areaM2: [10, 35],
    price: [20, 60],
    plans: ['office', 'extended', 'evenings'],
    rules: [HALF_HOURS, { bufferAfterMinutes: 15 }],
  },
  grabacion: {
    nouns: [m('Estudio de grabación'), f('Sala de grabación'), m('Estudio de sonido')],
    features: [
      'cabina insonorizada',
      'microfonía de gama alta',
      'monitores de estudio',
      'técnico de sonido bajo petición',
      'piano de pared',
    ],
    uses: ['grabar maquetas', 'locuciones', 'doblaje', 'mezcla y mastering'],
    related: ['instrumentosMusicales', 'podcast'],
    capacity: [1, 8],
    areaM2: [20, 80],
    price: [25, 90],
    plans: ['extended', 'evenings', 'office'],
    rules: [TWO_HOURS, { minDurationMinutes: 120, bufferBeforeMinutes: 30 }],
  },
  instrumentosMusicales: {
    nouns: [m('Local de ensayo'), f('Sala de ensayo'), f('Sala de ensayo con backline')],
    features: [
      'batería completa',
      'amplificadores de guitarra y bajo',
      'equipo de voces',
      'insonorización',
      'teclado de 88 teclas',
    ],
    uses: ['ensayos de grupo', 'clases de música', 'preparar conciertos', 'grabar ideas'],
    related: ['grabacion'],
    capacity: [1, 8],
    areaM2: [15, 45],
    price: [10, 30],
    plans: ['evenings', 'extended', 'weekends'],
    rules: [{ bufferAfterMinutes: 15 }, TWO_HOURS],
  },
};
