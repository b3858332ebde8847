import type { Random } from './random.ts';

/**
 * Where the demo spaces are: real neighbourhoods of the three cities of the landing page, each
 * with its district, postcode, a few of its streets and its centre. Listings are scattered within
 * `radiusM` of the centre, so the map shows them spread through the city, not stacked on one pin.
 */
export interface Neighbourhood {
  name: string;
  district: string;
  postcode: string;
  lat: number;
  lng: number;
  radiusM: number;
  streets: readonly string[];
}

export interface DemoCity {
  key: 'madrid' | 'barcelona' | 'valencia';
  name: string;
  timeZone: string;
  neighbourhoods: readonly Neighbourhood[];
}

const n = (
  name: string,
  district: string,
  postcode: string,
  lat: number,
  lng: number,
  streets: readonly string[],
  radiusM = 450,
): Neighbourhood => ({ name, district, postcode, lat, lng, radiusM, streets });

export const MADRID: DemoCity = {
  key: 'madrid',
  name: 'Madrid',
  timeZone: 'Europe/Madrid',
  neighbourhoods: [
    n('Malasaña', 'Centro', '28004', 40.4262, -3.7045, [
      'Calle del Espíritu Santo',
      'Calle de San Vicente Ferrer',
      'Calle de la Palma',
      'Calle del Pez',
    ]),
    n('Lavapiés', 'Centro', '28012', 40.4087, -3.7012, [
      'Calle de Argumosa',
      'Calle del Ave María',
      'Calle de la Fe',
      'Calle de Valencia',
    ]),
    n('Chueca', 'Centro', '28004', 40.4226, -3.6975, [
      'Calle de Hortaleza',
      'Calle de Augusto Figueroa',
      'Calle de Pelayo',
    ]),
    n(
      'Barrio de las Letras',
      'Centro',
      '28014',
      40.4139,
      -3.6982,
      ['Calle de las Huertas', 'Calle del Prado', 'Calle de Cervantes'],
      300,
    ),
    n(
      'La Latina',
      'Centro',
      '28005',
      40.4106,
      -3.7105,
      ['Calle de la Cava Baja', 'Calle del Humilladero', 'Calle de Toledo'],
      350,
    ),
    n('Trafalgar', 'Chamberí', '28010', 40.4335, -3.7012, [
      'Calle de Trafalgar',
      'Calle de Fuencarral',
      'Calle de Luchana',
    ]),
    n('Argüelles', 'Moncloa-Aravaca', '28008', 40.4299, -3.7168, [
      'Calle de Ferraz',
      'Calle del Marqués de Urquijo',
      'Calle de la Princesa',
    ]),
    n('Goya', 'Salamanca', '28001', 40.4245, -3.6772, [
      'Calle de Goya',
      'Calle de Velázquez',
      'Calle de Núñez de Balboa',
    ]),
    n('Ibiza', 'Retiro', '28009', 40.4187, -3.6724, [
      'Calle de Ibiza',
      'Calle del Doctor Castelo',
      'Calle de Narváez',
    ]),
    n(
      'Legazpi',
      'Arganzuela',
      '28045',
      40.3934,
      -3.6951,
      ['Paseo de las Delicias', 'Calle de Embajadores', 'Calle de Jaime el Conquistador'],
      600,
    ),
    n(
      'Cuatro Caminos',
      'Tetuán',
      '28020',
      40.4528,
      -3.7035,
      ['Calle de Bravo Murillo', 'Calle de Francos Rodríguez', 'Calle de Marqués de Viana'],
      600,
    ),
    n('Prosperidad', 'Chamartín', '28002', 40.4435, -3.6735, [
      'Calle de López de Hoyos',
      'Calle de Clara del Rey',
      'Calle de Suero de Quiñones',
    ]),
    n(
      'Opañel',
      'Carabanchel',
      '28019',
      40.3877,
      -3.7255,
      ['Calle del General Ricardos', 'Calle de Oporto', 'Calle de Antonio Leyva'],
      600,
    ),
    n(
      'Usera',
      'Usera',
      '28026',
      40.3838,
      -3.7068,
      ['Calle de Marcelo Usera', 'Calle de Dolores Barranco', 'Calle de Nicolás Sánchez'],
      550,
    ),
    n(
      'Puente de Vallecas',
      'Puente de Vallecas',
      '28038',
      40.3905,
      -3.6625,
      ['Avenida de la Albufera', 'Calle de Peña Prieta', 'Calle de Monte Igueldo'],
      650,
    ),
    n(
      'Pueblo Nuevo',
      'Ciudad Lineal',
      '28017',
      40.4346,
      -3.6401,
      ['Calle de Alcalá', 'Calle de Arturo Soria', 'Calle de Hermanos García Noblejas'],
      650,
    ),
  ],
};

export const BARCELONA: DemoCity = {
  key: 'barcelona',
  name: 'Barcelona',
  timeZone: 'Europe/Madrid',
  neighbourhoods: [
    n('Vila de Gràcia', 'Gràcia', '08012', 41.4025, 2.1565, [
      'Carrer de Verdi',
      'Carrer Gran de Gràcia',
      'Travessera de Gràcia',
      'Carrer de Torrijos',
    ]),
    n(
      'El Born',
      'Ciutat Vella',
      '08003',
      41.3852,
      2.1825,
      ['Carrer de la Princesa', 'Carrer del Rec', 'Carrer de Montcada'],
      300,
    ),
    n(
      'Barri Gòtic',
      'Ciutat Vella',
      '08002',
      41.3826,
      2.1769,
      ["Carrer d'Avinyó", 'Carrer de Ferran', 'Carrer dels Escudellers'],
      300,
    ),
    n(
      'El Raval',
      'Ciutat Vella',
      '08001',
      41.3799,
      2.1683,
      ['Carrer de Joaquín Costa', 'Carrer del Carme', 'Carrer de la Riera Baixa'],
      350,
    ),
    n("Dreta de l'Eixample", 'Eixample', '08009', 41.3953, 2.1672, [
      'Carrer de Mallorca',
      'Passeig de Sant Joan',
      'Carrer de Girona',
      'Carrer del Consell de Cent',
    ]),
    n('Sant Antoni', 'Eixample', '08011', 41.3785, 2.1612, [
      'Carrer del Comte Borrell',
      'Carrer del Parlament',
      'Carrer de Viladomat',
    ]),
    n(
      'Poblenou',
      'Sant Martí',
      '08005',
      41.4003,
      2.1985,
      ['Rambla del Poblenou', 'Carrer de Pujades', 'Carrer de Pallars', 'Carrer de Pere IV'],
      650,
    ),
    n(
      'Sants',
      'Sants-Montjuïc',
      '08014',
      41.3752,
      2.1355,
      ['Carrer de Sants', "Carrer d'Olzinelles", 'Carrer de Galileu'],
      550,
    ),
    n(
      'Poble-sec',
      'Sants-Montjuïc',
      '08004',
      41.3735,
      2.1624,
      ['Carrer de Blai', 'Carrer de Margarit', 'Carrer de Tapioles'],
      350,
    ),
    n('Sant Gervasi', 'Sarrià-Sant Gervasi', '08021', 41.4001, 2.1402, [
      'Carrer de Muntaner',
      'Carrer de Santaló',
      'Carrer de Calvet',
    ]),
    n(
      'Les Corts',
      'Les Corts',
      '08028',
      41.3855,
      2.1302,
      ['Travessera de les Corts', 'Carrer de Numància', 'Carrer de Joan Güell'],
      550,
    ),
    n('El Clot', 'Sant Martí', '08018', 41.4097, 2.1878, [
      'Carrer del Clot',
      "Carrer d'Aragó",
      'Carrer de Rogent',
    ]),
    n(
      'Sant Andreu',
      'Sant Andreu',
      '08030',
      41.4353,
      2.1898,
      ['Carrer Gran de Sant Andreu', 'Carrer de Sant Adrià', 'Carrer del Segre'],
      600,
    ),
    n(
      'La Barceloneta',
      'Ciutat Vella',
      '08003',
      41.3805,
      2.1893,
      ['Passeig de Joan de Borbó', 'Carrer de la Maquinista', 'Carrer de Sant Carles'],
      300,
    ),
  ],
};

export const VALENCIA: DemoCity = {
  key: 'valencia',
  name: 'Valencia',
  timeZone: 'Europe/Madrid',
  neighbourhoods: [
    n('Ruzafa', 'L’Eixample', '46006', 39.4618, -0.3742, [
      'Carrer de Cadis',
      'Carrer de Sueca',
      'Carrer del Literat Azorín',
      'Carrer de Puerto Rico',
    ]),
    n(
      'El Carmen',
      'Ciutat Vella',
      '46003',
      39.4786,
      -0.3806,
      ['Carrer de Cavallers', 'Carrer de Baix', 'Carrer de Quart'],
      350,
    ),
    n(
      'Benimaclet',
      'Benimaclet',
      '46020',
      39.4853,
      -0.3598,
      ['Carrer de la Murta', 'Carrer del Baró de San Petrillo', 'Carrer de Benicarló'],
      450,
    ),
    n(
      'El Cabanyal',
      'Poblats Marítims',
      '46011',
      39.4689,
      -0.3315,
      ['Carrer de la Reina', 'Carrer de Josep Benlliure', 'Carrer del Progrés'],
      500,
    ),
    n(
      'Gran Vía',
      'L’Eixample',
      '46005',
      39.4663,
      -0.3702,
      ['Gran Via del Marqués del Túria', 'Carrer de Sorní', 'Carrer de Císcar'],
      400,
    ),
    n(
      'Campanar',
      'Campanar',
      '46015',
      39.4818,
      -0.3972,
      ['Avinguda de Pius XII', 'Carrer del Músic Ginés', 'Carrer de Campanar'],
      550,
    ),
    n(
      'Patraix',
      'Patraix',
      '46018',
      39.4604,
      -0.3953,
      ['Carrer de Patraix', 'Carrer del Sant Crist de la Fe', 'Carrer de Lleida'],
      500,
    ),
    n(
      'Ciutat Jardí',
      'Algirós',
      '46021',
      39.4745,
      -0.351,
      ['Avinguda de Blasco Ibáñez', 'Carrer del Doctor Manuel Candela'],
      400,
    ),
    n(
      'El Botànic',
      'Extramurs',
      '46008',
      39.4741,
      -0.3882,
      ['Carrer de Guillem de Castro', 'Carrer de Quart', 'Carrer del Botànic'],
      400,
    ),
    n(
      'Malvarrosa',
      'Poblats Marítims',
      '46011',
      39.4802,
      -0.3288,
      ['Carrer de la Drassana', "Carrer d'Isabel de Villena"],
      500,
    ),
    n(
      'Ciutat de les Arts',
      'Quatre Carreres',
      '46013',
      39.4556,
      -0.3535,
      ['Avinguda del Professor López Piñero', 'Carrer de Luis García-Berlanga'],
      600,
    ),
    n(
      'Jesús',
      'Jesús',
      '46007',
      39.4552,
      -0.3868,
      ['Carrer de Sant Vicent Màrtir', 'Carrer de Carrasquer'],
      450,
    ),
  ],
};

export const DEMO_CITIES = [MADRID, BARCELONA, VALENCIA] as const;

const EARTH_METRES_PER_DEGREE = 111_320;

/** A point in a random spot within `radiusM` of the neighbourhood's centre (uniform over the disc). */
export function scatter(random: Random, place: Neighbourhood): { lat: number; lng: number } {
  const distance = place.radiusM * Math.sqrt(random.next());
  const angle = random.next() * 2 * Math.PI;
  const lat = place.lat + (distance * Math.cos(angle)) / EARTH_METRES_PER_DEGREE;
  const lng =
    place.lng +
    (distance * Math.sin(angle)) / (EARTH_METRES_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180));
  // Six decimals: about 10 cm, what a geocoder answers.
  return { lat: Math.round(lat * 1e6) / 1e6, lng: Math.round(lng * 1e6) / 1e6 };
}

/** A street address as Spaniards write it: "Calle de Argumosa, 14, 28012 Madrid". */
export function streetAddress(random: Random, city: DemoCity, place: Neighbourhood): string {
  return `${random.pick(place.streets)}, ${random.int(1, 120)}, ${place.postcode} ${city.name}`;
}
