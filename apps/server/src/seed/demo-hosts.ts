import type { Category } from '@hora/core/config';
import type { DemoPerson } from './demo-accounts.ts';
import type { DemoCity } from './demo-places.ts';

/**
 * The hosts behind the demo marketplace's listings besides Lucía, Jordi and Marta: people and small
 * businesses of each city, who sign in with the demo password like every demo account. Two in
 * three have an avatar, as on a real marketplace.
 */
export interface DemoHost extends DemoPerson {
  city: DemoCity['key'];
  /** What this host mostly offers; listings of other categories go to any host of the city. */
  offers: readonly Category[];
}

const host = (
  city: DemoCity['key'],
  offers: readonly Category[],
  handle: string,
  firstName: string,
  lastName: string,
  bio: string,
  colour?: string,
): DemoHost => ({ city, offers, email: `${handle}@demo.hora.es`, firstName, lastName, bio, colour });

export const DEMO_HOSTS: readonly DemoHost[] = [
  host('madrid', ['sala', 'clases'], 'pablo', 'Pablo', 'Fernández Gil', 'Gestiono salas de reuniones y aulas en Chamberí y Argüelles.', '#2563eb'),
  host('madrid', ['estudio', 'apartamento'], 'elena', 'Elena', 'Moreno Castro', 'Fotógrafa; alquilo mi estudio cuando no lo uso.', '#db2777'),
  host('madrid', ['cocina'], 'javier', 'Javier', 'Romero Díaz', 'Cocinero. Abro mi obrador a otros profesionales por horas.'),
  host('madrid', ['terraza', 'exteriores'], 'carmen', 'Carmen', 'Jiménez Ruiz', 'Tengo una terraza y un ático con vistas en el centro.', '#ca8a04'),
  host('madrid', ['gimnasio'], 'sergio', 'Sergio', 'Álvarez Prieto', 'Entrenador personal con un box en Tetuán.', '#16a34a'),
  host('madrid', ['salud', 'habitacion'], 'laura', 'Laura', 'Navarro Molina', 'Fisioterapeuta; comparto consultas en Salamanca y Retiro.'),
  host('madrid', ['grabacion', 'instrumentosMusicales'], 'diego', 'Diego', 'Torres Vega', 'Productor musical: estudio de grabación y locales de ensayo.', '#7c3aed'),
  host('madrid', ['taller'], 'isabel', 'Isabel', 'Domínguez Sanz', 'Ceramista con taller en Lavapiés.', '#ea580c'),
  host('madrid', ['coworking', 'sala'], 'coworkingsol', 'Coworking', 'Sol', 'Coworking familiar en el centro de Madrid desde 2015.', '#0d9488'),
  host('madrid', ['casa', 'piscina'], 'raul', 'Raúl', 'Gutiérrez León', 'Alquilo mi casa con jardín para rodajes y celebraciones.'),
  host('madrid', ['podcast'], 'nuria', 'Nuria', 'Ortiz Herrero', 'Podcaster. Mi estudio está abierto a otros creadores.', '#9333ea'),
  host('madrid', ['showroom'], 'alberto', 'Alberto', 'Cano Rubio', 'Showroom y local a pie de calle en Malasaña.'),
  host('barcelona', ['sala', 'clases'], 'montse', 'Montse', 'Ferrer Vidal', 'Sales polivalents a Gràcia i Sant Antoni. Hablo castellano.', '#e11d48'),
  host('barcelona', ['bote'], 'oriol', 'Oriol', 'Casals Pujol', 'Patrón de vela en el Port Olímpic.', '#0284c7'),
  host('barcelona', ['estudio'], 'laia', 'Laia', 'Roca Bosch', 'Fotógrafa con estudio en Poblenou.'),
  host('barcelona', ['instrumentosMusicales', 'grabacion'], 'marc', 'Marc', 'Vila Soler', 'Local de ensayo y estudio de grabación en Sants.', '#65a30d'),
  host('barcelona', ['salud', 'habitacion'], 'nuria.b', 'Núria', 'Camps Riera', 'Terapeuta: consultas y salas de terapias en Sant Gervasi.', '#c026d3'),
  host('barcelona', ['cocina'], 'pau', 'Pau', 'Martí Font', 'Cocina profesional en el Raval para caterings y cursos.'),
  host('barcelona', ['terraza', 'apartamento'], 'anna', 'Anna', 'Serra Costa', 'Terraza y ático en el Eixample para eventos pequeños.', '#f59e0b'),
  host('barcelona', ['taller', 'showroom'], 'jordi.c', 'Jordi', 'Coll Mas', 'Espacio maker y taller de carpintería en el Clot.'),
  host('barcelona', ['coworking', 'podcast'], 'bcnwork', 'BCN', 'Work', 'Coworking en el Born con cabinas y salas de reuniones.', '#14b8a6'),
  host('barcelona', ['casa', 'piscina', 'exteriores'], 'mireia', 'Mireia', 'Prats Sala', 'Casa con piscina en Sant Gervasi para rodajes.', '#8b5cf6'),
  host('valencia', ['bote'], 'vicent', 'Vicent', 'Ribera Peris', 'Barco y catamarán en la Marina de Valencia.', '#0369a1'),
  host('valencia', ['clases', 'sala'], 'amparo', 'Amparo', 'Llorens Benet', 'Aulas y salas de formación en Benimaclet.'),
  host('valencia', ['gimnasio', 'salud'], 'toni', 'Toni', 'Sanchis Ferrando', 'Gimnasio de barrio en Patraix.', '#dc2626'),
  host('valencia', ['exteriores', 'taller', 'piscina'], 'rosa', 'Rosa', 'Mompó Tormo', 'Huerto urbano y patio para talleres en El Cabanyal.', '#15803d'),
  host('valencia', ['podcast', 'grabacion', 'instrumentosMusicales'], 'xavi', 'Xavi', 'Climent Martí', 'Estudio de podcast y grabación en Ruzafa.'),
  host('valencia', ['cocina'], 'lucia.v', 'Lucía', 'Esteve Giner', 'Cocina equipada en El Carmen para talleres.', '#b45309'),
  host('valencia', ['apartamento', 'habitacion', 'casa'], 'pepa', 'Pepa', 'Alandete Soria', 'Apartamento luminoso junto a la Ciudad de las Artes.', '#be123c'),
  host('valencia', ['showroom', 'coworking', 'estudio'], 'joan', 'Joan', 'Fuster Ballester', 'Showroom en la Gran Vía y sala para presentaciones.'),
];
