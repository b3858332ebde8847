import type { Category } from '@hora/core/config';

/**
 * What stands in each demo photo, drawn with a handful of flat shapes on a 1200×800 canvas whose
 * floor starts at y = 560: a counter and pots for a kitchen, desks for a coworking, a sail for a
 * boat. Abstract on purpose (no one mistakes them for real photos), yet a glance tells them apart.
 * `ink` is the scene's accent colour, `light` a pale tone of it.
 */
export type Motif = (ink: string, light: string) => string;

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const poly = (points: string, fill: string, extra = '') =>
  `<polygon points="${points}" fill="${fill}" ${extra}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 6) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>`;

const table = (x: number, y: number, w: number, ink: string) =>
  rect(x, y, w, 18, ink, 'rx="4"') +
  rect(x + 12, y + 18, 10, 110, ink) +
  rect(x + w - 22, y + 18, 10, 110, ink);
const chair = (x: number, y: number, ink: string) =>
  rect(x, y, 50, 12, ink, 'rx="3"') +
  rect(x, y - 60, 10, 60, ink) +
  rect(x + 4, y + 12, 8, 55, ink) +
  rect(x + 38, y + 12, 8, 55, ink);
const plant = (x: number, y: number, green: string) =>
  rect(x - 28, y, 56, 60, '#8d5b3c', 'rx="6"') +
  circle(x, y - 40, 48, green) +
  circle(x - 35, y - 10, 30, green) +
  circle(x + 35, y - 12, 32, green);

export const MOTIFS: Record<Category, Motif> = {
  cocina: (ink, light) =>
    rect(150, 470, 900, 160, ink, 'rx="8"') +
    rect(150, 455, 900, 20, light) +
    circle(360, 430, 40, '#444') +
    circle(520, 430, 40, '#444') +
    rect(680, 380, 120, 75, '#c0c0c0', 'rx="10"') +
    rect(250, 150, 700, 120, '#e8e8e8', 'rx="6"'),
  coworking: (ink, light) =>
    table(140, 520, 380, ink) +
    table(680, 520, 380, ink) +
    rect(230, 450, 110, 70, '#263238', 'rx="6"') +
    rect(790, 450, 110, 70, '#263238', 'rx="6"') +
    chair(300, 600, light) +
    chair(850, 600, light),
  terraza: (ink, light) =>
    rect(0, 600, 1200, 200, '#d8c3a5') +
    [...Array(13).keys()].map((i) => rect(40 + i * 92, 500, 10, 100, ink)).join('') +
    rect(0, 500, 1200, 10, ink) +
    line(100, 120, 1100, 180, light, 3) +
    [...Array(10).keys()].map((i) => circle(190 + i * 90, 145 + i * 5, 12, '#ffd54f')).join('') +
    plant(1080, 540, '#43a047'),
  sala: (ink, light) =>
    table(300, 520, 600, ink) +
    chair(330, 600, light) +
    chair(560, 600, light) +
    chair(790, 600, light) +
    rect(420, 170, 360, 210, '#263238', 'rx="8"') +
    rect(435, 185, 330, 180, light),
  estudio: (ink, light) =>
    `<path d="M200 120 H1000 V560 Q1000 700 860 700 H200 Z" fill="#fafafa"/>` +
    poly('120,140 230,90 260,230 150,260', light) +
    line(190, 250, 190, 640, ink, 8) +
    poly('1080,140 970,90 940,230 1050,260', light) +
    line(1010, 250, 1010, 640, ink, 8) +
    circle(600, 560, 40, ink),
  piscina: (ink, light) =>
    rect(0, 520, 1200, 280, '#e0d7c6') +
    poly('150,560 1050,560 1150,760 50,760', '#29b6f6') +
    [0, 1, 2]
      .map(
        (i) =>
          `<path d="M${200 + i * 40} ${610 + i * 45} q100 -25 200 0 t200 0 t200 0" stroke="${light}" stroke-width="6" fill="none"/>`,
      )
      .join('') +
    rect(900, 470, 150, 22, ink, 'rx="8"'),
  gimnasio: (ink, light) =>
    [300, 900]
      .map(
        (x) =>
          rect(x - 120, 380, 240, 14, '#555') +
          rect(x - 130, 345, 24, 84, ink, 'rx="4"') +
          rect(x + 106, 345, 24, 84, ink, 'rx="4"'),
      )
      .join('') +
    rect(480, 180, 240, 380, light, 'opacity="0.7"') +
    [0, 1, 2, 3].map((i) => circle(520 + i * 55, 640, 22, ink)).join(''),
  showroom: (ink, light) =>
    line(250, 230, 950, 230, '#555', 8) +
    [...Array(7).keys()]
      .map((i) =>
        poly(
          `${290 + i * 100},240 ${340 + i * 100},240 ${360 + i * 100},460 ${270 + i * 100},460`,
          i % 2 ? ink : light,
        ),
      )
      .join('') +
    rect(500, 560, 200, 60, ink, 'rx="6"'),
  apartamento: (ink, light) =>
    rect(260, 460, 560, 120, ink, 'rx="30"') +
    rect(230, 420, 80, 170, ink, 'rx="20"') +
    rect(770, 420, 80, 170, ink, 'rx="20"') +
    rect(300, 430, 230, 60, light, 'rx="20"') +
    rect(550, 430, 230, 60, light, 'rx="20"') +
    plant(980, 500, '#388e3c'),
  exteriores: () =>
    rect(0, 560, 1200, 240, '#7cb342') +
    [200, 520, 900]
      .map(
        (x, i) =>
          rect(x - 15, 380, 30, 200, '#6d4c41') +
          circle(x, 340, 110, ['#2e7d32', '#558b2f', '#33691e'][i] ?? '#2e7d32') +
          circle(x + 60, 380, 70, '#689f38'),
      )
      .join('') +
    table(430, 600, 300, '#8d6e63'),
  habitacion: (ink, light) =>
    rect(300, 470, 600, 130, ink, 'rx="10"') +
    rect(280, 360, 40, 240, ink, 'rx="6"') +
    rect(330, 440, 160, 50, '#fafafa', 'rx="16"') +
    rect(330, 480, 560, 40, light, 'rx="8"') +
    rect(940, 470, 110, 120, ink, 'rx="6"') +
    circle(995, 430, 30, '#ffe082'),
  casa: (ink, light) =>
    rect(0, 600, 1200, 200, '#8bc34a') +
    rect(360, 330, 480, 280, light) +
    poly('330,340 600,150 870,340', ink) +
    rect(560, 460, 80, 150, ink) +
    rect(410, 400, 100, 80, '#bbdefb') +
    rect(690, 400, 100, 80, '#bbdefb'),
  taller: (ink, light) =>
    rect(150, 200, 900, 14, ink) +
    rect(150, 330, 900, 14, ink) +
    [...Array(8).keys()]
      .map(
        (i) =>
          `<ellipse cx="${210 + i * 110}" cy="${170 - (i % 3) * 10}" rx="${28 + (i % 3) * 6}" ry="${30 + (i % 2) * 12}" fill="${i % 2 ? light : '#bf8f6a'}"/>`,
      )
      .join('') +
    table(300, 520, 600, '#8d6e63') +
    circle(600, 490, 40, '#bf8f6a'),
  bote: (ink, light) =>
    rect(0, 520, 1200, 280, '#1e88e5') +
    poly('330,560 870,560 800,650 400,650', ink) +
    line(600, 150, 600, 560, '#5d4037', 10) +
    poly('610,170 610,540 850,540', light) +
    poly('590,200 590,540 420,540', '#fafafa') +
    `<path d="M0 700 q150 -30 300 0 t300 0 t300 0 t300 0" stroke="#bbdefb" stroke-width="6" fill="none"/>`,
  clases: (ink, light) =>
    rect(300, 140, 600, 250, '#2e7d32', 'rx="6"') +
    rect(300, 390, 600, 16, '#8d6e63') +
    [0, 1]
      .map((row) => [0, 1, 2].map((col) => table(180 + col * 320, 540 + row * 90, 220, ink)).join(''))
      .join('') +
    line(360, 200, 560, 200, light, 5) +
    line(360, 250, 700, 250, light, 5),
  salud: (ink, light) =>
    rect(320, 460, 560, 40, ink, 'rx="20"') +
    rect(380, 500, 24, 130, '#9e9e9e') +
    rect(796, 500, 24, 130, '#9e9e9e') +
    rect(340, 440, 140, 26, '#fafafa', 'rx="12"') +
    circle(1000, 300, 60, light) +
    plant(180, 540, '#66bb6a'),
  podcast: (ink, light) =>
    table(250, 520, 700, ink) +
    [400, 800]
      .map((x) => line(x, 520, x, 400, '#424242', 8) + rect(x - 22, 330, 44, 80, '#263238', 'rx="22"'))
      .join('') +
    [...Array(8).keys()].map((i) => rect(120 + i * 125, 140, 90, 90, light, 'rx="6"')).join(''),
  grabacion: (ink, light) =>
    rect(150, 250, 130, 220, '#212121', 'rx="8"') +
    rect(920, 250, 130, 220, '#212121', 'rx="8"') +
    circle(215, 410, 40, '#616161') +
    circle(985, 410, 40, '#616161') +
    rect(360, 500, 480, 90, ink, 'rx="6"') +
    [...Array(10).keys()].map((i) => rect(385 + i * 45, 515, 18, 40, light)).join(''),
  instrumentosMusicales: (ink, light) =>
    circle(600, 520, 110, ink) +
    circle(600, 520, 90, light) +
    circle(400, 470, 60, ink) +
    circle(800, 470, 60, ink) +
    line(380, 330, 480, 300, '#bdbdbd', 6) +
    `<ellipse cx="420" cy="330" rx="70" ry="12" fill="#fdd835"/><ellipse cx="800" cy="330" rx="70" ry="12" fill="#fdd835"/>` +
    line(800, 342, 800, 430, '#9e9e9e', 5),
};
