/**
 * Where the benchmark's listings are: half in the three cities of the landing page, a third in the
 * rest of Spain's big cities, the rest across Europe, each with its time zone (the Canaries an hour
 * behind). `weight` is relative; `radiusKm` is how far from the centre listings scatter.
 */
export interface BenchPlace {
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
  timeZone: string;
  weight: number;
}

const place = (
  name: string,
  lat: number,
  lng: number,
  weight: number,
  radiusKm = 3,
  timeZone = 'Europe/Madrid',
) => ({
  name,
  lat,
  lng,
  radiusKm,
  timeZone,
  weight,
});

export const BENCH_PLACES: readonly BenchPlace[] = [
  place('Madrid', 40.4168, -3.7038, 220, 7),
  place('Barcelona', 41.3874, 2.1686, 180, 5),
  place('Valencia', 39.4699, -0.3763, 100, 4),
  place('Sevilla', 37.3891, -5.9845, 30, 4),
  place('Zaragoza', 41.6488, -0.8891, 22),
  place('Málaga', 36.7213, -4.4214, 25),
  place('Murcia', 37.9922, -1.1307, 15),
  place('Palma', 39.5696, 2.6502, 18),
  place('Las Palmas de Gran Canaria', 28.1235, -15.4363, 15, 3, 'Atlantic/Canary'),
  place('Santa Cruz de Tenerife', 28.4636, -16.2518, 10, 3, 'Atlantic/Canary'),
  place('Bilbao', 43.263, -2.935, 20),
  place('Alicante', 38.3452, -0.481, 15),
  place('Córdoba', 37.8882, -4.7794, 10),
  place('Valladolid', 41.6523, -4.7245, 10),
  place('Vigo', 42.2406, -8.7207, 10),
  place('Gijón', 43.5322, -5.6611, 8),
  place('A Coruña', 43.3623, -8.4115, 10),
  place('Granada', 37.1773, -3.5986, 12),
  place('Vitoria-Gasteiz', 42.8467, -2.6716, 7),
  place('Pamplona', 42.8125, -1.6458, 7),
  place('San Sebastián', 43.3183, -1.9812, 10),
  place('Santander', 43.4623, -3.8099, 7),
  place('Salamanca', 40.9701, -5.6635, 6),
  place('Cádiz', 36.5271, -6.2886, 6),
  place('Girona', 41.9794, 2.8214, 6),
  place('Tarragona', 41.1189, 1.2445, 6),
  place('Toledo', 39.8628, -4.0273, 5),
  place('Lisboa', 38.7223, -9.1393, 14, 4, 'Europe/Lisbon'),
  place('Oporto', 41.1579, -8.6291, 8, 3, 'Europe/Lisbon'),
  place('París', 48.8566, 2.3522, 16, 6, 'Europe/Paris'),
  place('Marsella', 43.2965, 5.3698, 5, 3, 'Europe/Paris'),
  place('Burdeos', 44.8378, -0.5792, 4, 3, 'Europe/Paris'),
  place('Berlín', 52.52, 13.405, 12, 6, 'Europe/Berlin'),
  place('Múnich', 48.1351, 11.582, 6, 4, 'Europe/Berlin'),
  place('Roma', 41.9028, 12.4964, 10, 5, 'Europe/Rome'),
  place('Milán', 45.4642, 9.19, 8, 4, 'Europe/Rome'),
  place('Ámsterdam', 52.3676, 4.9041, 8, 4, 'Europe/Amsterdam'),
  place('Bruselas', 50.8503, 4.3517, 5, 3, 'Europe/Brussels'),
  place('Viena', 48.2082, 16.3738, 5, 4, 'Europe/Vienna'),
  place('Praga', 50.0755, 14.4378, 5, 3, 'Europe/Prague'),
  place('Dublín', 53.3498, -6.2603, 5, 3, 'Europe/Dublin'),
  place('Londres', 51.5074, -0.1278, 12, 8, 'Europe/London'),
  place('Copenhague', 55.6761, 12.5683, 4, 3, 'Europe/Copenhagen'),
  place('Estocolmo', 59.3293, 18.0686, 4, 3, 'Europe/Stockholm'),
  place('Varsovia', 52.2297, 21.0122, 4, 4, 'Europe/Warsaw'),
  place('Atenas', 37.9838, 23.7275, 4, 4, 'Europe/Athens'),
];

/**
 * The places spread over `slots` slots in proportion to their weights: picking a slot uniformly
 * picks a place with its weight's probability, in plain SQL (`slots[1 + hash % n]`).
 */
export function placeSlots(slots = 1000): number[] {
  const total = BENCH_PLACES.reduce((sum, p) => sum + p.weight, 0);
  const result: number[] = [];
  let cumulative = 0;
  BENCH_PLACES.forEach((p, index) => {
    cumulative += p.weight;
    const until = Math.round((cumulative / total) * slots);
    while (result.length < until) result.push(index);
  });
  return result;
}
