import type { SizeChartLabels } from '../db/schema.js';

/**
 * The seeded catalogue's Italian texts (issue 38), by product name: written for Italian shoppers, not
 * word for word. Product names stay the brand's; measurements and sizes are the English chart's.
 */
export interface SeedItalian {
  category: string;
  shortDescription: string;
  longDescription: string;
  sizeChart: SizeChartLabels;
}

const teePoints = ['Larghezza torace', 'Lunghezza', 'Larghezza spalle', 'Lunghezza manica'];

export const CATALOGUE_IT: Record<string, SeedItalian> = {
  'Tracer Tee': {
    category: 'T-shirt',
    shortDescription: 'T-shirt in cotone pesante con una sola linea a contrasto su petto e maniche.',
    longDescription:
      'La Tracer Tee è il capo da cui è nato lo studio: jersey di cotone pettinato da 240 g/m², tessuto a Biella e tagliato nel ' +
      'nostro laboratorio di Genova, con una linea a contrasto cucita a mano sul petto e lungo le maniche. Vestibilità dritta e ' +
      'spalle scese; il collo in costina fitta da 2 cm mantiene la forma anche dopo centinaia di lavaggi, e ogni cucitura è a ' +
      'doppio ago. È già lavata: la taglia che provi è quella che resta. Lava a freddo, al rovescio, e lascia asciugare appesa.',
    sizeChart: {
      productDescription: 'T-shirt in cotone pesante da 240 g/m² con la linea Tracer.',
      fitDescription: 'Vestibilità comoda con spalle scese. Prendi la tua taglia solita; una in meno se la vuoi più aderente.',
      sizingTips: ['Misura da distesa una maglietta che ami e confrontala con la tabella.', 'Già lavata: si restringe meno del 2%.'],
      modelInfo: ['Marco è alto 183 cm e indossa la L/XL.', 'Giulia è alta 170 cm e indossa la S/M.'],
      measurementPoints: teePoints,
      specialFeatures: [
        { name: 'Linea Tracer', description: 'Una sola linea a contrasto, cucita a mano su petto e maniche.' },
        { name: 'Collo in costina fitta', description: 'Costina da 2 cm che non perde la forma.' },
      ],
    },
  },
  'Padded Tee': {
    category: 'T-shirt',
    shortDescription: 'T-shirt dal taglio squadrato con il corpo trapuntato e leggermente imbottito.',
    longDescription:
      'La Padded Tee prende una maglietta e le dà la struttura di un piumino leggero: il corpo è in due strati di jersey di cotone ' +
      'con una sottile imbottitura riciclata nel mezzo, trapuntata a rombi, così mantiene la forma squadrata senza pesare. Le ' +
      'maniche restano a uno strato, per muoversi liberi. Da sola in primavera, sopra una manica lunga in autunno. Ne facciamo ' +
      'poche centinaia per colore: quando un colore finisce, bisogna aspettare il lotto successivo.',
    sizeChart: {
      productDescription: 'T-shirt trapuntata in doppio strato di cotone.',
      fitDescription: 'Squadrata, corta sui fianchi. Prendi una taglia in più per un corpo più lungo.',
      sizingTips: [
        "L'imbottitura aggiunge circa 1 cm al torace rispetto a una maglietta semplice.",
        'Sei tra due taglie? Scegli la più grande.',
      ],
      modelInfo: ['Luca è alto 180 cm e indossa la L/XL.'],
      measurementPoints: teePoints,
      specialFeatures: [
        { name: 'Trapuntatura a rombi', description: 'Imbottitura riciclata tra due strati di jersey.' },
        { name: 'Maniche a uno strato', description: 'Per muoversi e respirare.' },
      ],
    },
  },
  'Padded Jorts': {
    category: 'Pantaloni',
    shortDescription: 'Bermuda larghi e trapuntati in twill di cotone pesante.',
    longDescription:
      'I Padded Jorts hanno la gamba ampia e lunga, fin sopra il ginocchio, in twill di cotone da 12 oz trapuntato sui pannelli ' +
      'davanti per una linea strutturata e scolpita. Cinque tasche, cintura piatta con passanti, bottone in metallo e zip YKK. ' +
      "Lavati in capo dopo la trapuntatura, così l'imbottitura si assesta in morbide coste. Con una Tracer Tee sono la divisa " +
      'dello studio.',
    sizeChart: {
      productDescription: 'Bermuda trapuntati a gamba ampia in twill di cotone da 12 oz.',
      fitDescription: 'Vita alta, gamba ampia, arrivano appena sopra il ginocchio.',
      sizingTips: ['Scegli in base alla vita: la gamba è ampia in ogni taglia.', 'Con una cintura, per stringerli in vita.'],
      modelInfo: ['Marco è alto 183 cm, ha 82 cm di vita e indossa la L/XL.'],
      measurementPoints: ['Vita', 'Fianchi', 'Cavallo interno', 'Lunghezza esterna'],
      specialFeatures: [
        { name: 'Pannelli davanti trapuntati', description: "Coste scolpite che si ammorbidiscono con l'uso." },
        { name: 'Cinque tasche', description: 'Tasche davanti profonde, taschino e due tasche dietro.' },
      ],
    },
  },
  'Tracer Hoodie': {
    category: 'Capispalla',
    shortDescription: 'Felpa con cappuccio in cotone felpato garzato, con la linea Tracer. Esaurita, torna presto.',
    longDescription:
      'La Tracer Hoodie è in felpa di cotone garzato da 420 g/m², con cappuccio a doppio strato, coulisse piatte e tasca a marsupio, ' +
      'rifinita dalla linea Tracer che scende dal cappuccio lungo le maniche. Il primo lotto è andato esaurito in pochi giorni; il ' +
      'prossimo è già sulle macchine. Lasciaci la tua email e ti scriviamo appena torna disponibile.',
    sizeChart: {
      productDescription: 'Felpa con cappuccio in cotone pesante garzato.',
      fitDescription: 'Vestibilità comoda, polsini e fondo a costine.',
      sizingTips: ['Sta bene sopra una maglietta: il torace è tagliato ampio.'],
      modelInfo: ['Giulia è alta 170 cm e indossa la S/M.'],
      measurementPoints: teePoints,
      specialFeatures: [{ name: 'Cappuccio a doppio strato', description: 'Mantiene la forma, con coulisse piatte.' }],
    },
  },
};
