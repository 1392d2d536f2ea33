/**
 * Words of /video-assets-generator (decision 0060): the page, and the texts the templates draw into the
 * video. The defaults are starting points the admin edits; the figures come from the server.
 */
export const videoText = {
  page: {
    city: 'City',
    loadFailed: 'The figures of this city could not be loaded.',
    template: 'Template',
    format: 'Format',
    brand: 'Brand colours',
    primary: 'Primary colour',
    accent: 'Accent colour',
    texts: 'Texts',
    cityName: 'City name',
    headline: 'Headline',
    sub: 'Line below',
    promoCode: 'Promo code',
    promoCodeHint: 'Letters and digits, as riders type it in the app.',
    figures: 'Live figures',
    figuresHint: 'From this city now. A figure that is still zero is left out of the video.',
    preview: 'Preview',
    previewLabel: (template: string, format: string) => `Preview of the ${template} video, ${format}`,
    play: 'Play',
    pause: 'Pause',
    render: 'Render video',
    rendering: 'Rendering…',
    renderHint: (seconds: number) => `The video is recorded as it plays: about ${seconds} seconds. Keep this tab open.`,
    progress: 'Recording progress',
    result: 'Your video',
    download: 'Download video',
    downloadPoster: 'Download poster (PNG)',
    posterHint: 'A still image of the last frame, for posts and print.',
    posterFailed: 'The poster could not be made in this browser.',
    renderFailed: 'Recording stopped with an error. Try again, or use a current Chrome, Firefox or Edge.',
    unsupported: {
      title: 'This browser cannot record video',
      noRecorder: 'It has no video recorder (MediaRecorder).',
      noType: 'It cannot record WebM or MP4 video.',
      noCapture: 'It cannot record from a canvas (captureStream).',
      advice: 'Open this page in a current Chrome, Firefox or Edge to render the video. You can still download the poster image below.',
    },
    fileSize: (kb: number) => `${kb.toLocaleString()} KB`,
  },
  templates: {
    city_launch: 'City launch',
    driver_recruitment: 'Driver recruitment',
    promotion: 'Promotion',
  },
  formats: {
    vertical: 'Vertical 1080 × 1920',
    square: 'Square 1080 × 1080',
    landscape: 'Landscape 1920 × 1080',
  },
  formatShort: { vertical: 'Vertical', square: 'Square', landscape: 'Landscape' },
  /** What the templates draw. */
  scene: {
    brand: 'OpenRide',
    defaults: {
      city_launch: { headline: 'Rides at the tap of a button', sub: 'Local drivers, upfront prices, safe trips.' },
      driver_recruitment: { headline: 'Drive on your own schedule', sub: 'Keep more of every fare. Apply in minutes.' },
      promotion: { headline: 'Your next ride, for less', sub: 'Enter the code in the app when you book.' },
    },
    kicker: {
      city_launch: (city: string) => `Now in ${city}`,
      driver_recruitment: (city: string) => `Drivers wanted in ${city}`,
      promotion: (city: string) => `${city} riders`,
    },
    cta: {
      city_launch: 'Book your first ride',
      driver_recruitment: 'Apply to drive today',
      promotion: 'Book now in the app',
    },
    defaultPromoCode: 'WELCOME10',
    promoLabel: 'Use code',
    fromPrice: (price: string, type: string) => `${type} rides from ${price}`,
    stats: {
      drivers: (n: number) => (n === 1 ? 'driver' : 'drivers'),
      rides: (n: number) => (n === 1 ? 'ride completed' : 'rides completed'),
      recentRides: (n: number, days: number) => `${n === 1 ? 'ride' : 'rides'} in ${days} days`,
      rating: 'average rating',
    },
  },
} as const;
