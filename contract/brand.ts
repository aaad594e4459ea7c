/** The one place that names the shop; the storefront, the API's emails and receipts all read it. */
export const BRAND = {
  name: 'FILO',
  tagline: 'Small-batch streetwear, cut and sewn in Italy',
  cardLine: 'FILO · Made in Italy',
  email: 'hello@filo.example',
  supportEmail: 'support@filo.example',
  headquarters: { line1: 'Via della Spiga 12', city: 'Milano', postalCode: '20121', country: 'Italy' },
  studio: { line1: 'Via San Lorenzo 23', city: 'Genova', postalCode: '16123', country: 'Italy' },
  phone: '+39 010 555 0127',
  social: [
    { name: 'Instagram', url: 'https://www.instagram.com/filo.streetwear' },
    { name: 'TikTok', url: 'https://www.tiktok.com/@filo.streetwear' },
    { name: 'Pinterest', url: 'https://www.pinterest.com/filostreetwear' },
  ],
} as const;
