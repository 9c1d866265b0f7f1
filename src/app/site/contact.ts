/** The support contacts shown on the help centre, the chat page and the privacy policy. */
export const SUPPORT = {
  email: 'support@tanimitra.id',
  privacyEmail: 'privasi@tanimitra.id',
  phoneDisplay: '+62 21 5091 2030',
  phoneHref: 'tel:+622150912030',
  /** The same number on WhatsApp (Business), where farmers and buyers chat: wa.me takes it without the +. */
  whatsappHref: 'https://wa.me/622150912030',
  hours: 'Senin–Jumat 09.00–17.00 WIB',
  address: 'Jl. Harsono RM No. 3, Ragunan, Pasar Minggu, Jakarta Selatan 12550',
} as const;
