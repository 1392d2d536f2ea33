import { defineRoutes } from '../contract';
import { videoFiguresQuerySchema, videoFiguresSchema } from './schemas';

export const videoRoutes = defineRoutes([
  {
    method: 'GET',
    path: '/api/admin/video-figures',
    tag: 'admin',
    summary: "A city's live figures for the marketing videos: approved drivers, completed rides, average rating, ride types' from prices",
    description:
      'Read by /video-assets-generator (decision 0060); the video itself is drawn and recorded in the browser. ' +
      "Drivers count in the city they go online in (their schedule's, else their last ride's, else the first city).",
    auth: 'admin',
    permission: 'video.create',
    request: { query: videoFiguresQuerySchema },
    responses: {
      200: { description: 'The figures', schema: videoFiguresSchema },
      400: { description: 'No city given' },
      401: { description: 'Not signed in' },
      403: { description: 'Not an administrator' },
      404: { description: 'No such city' },
    },
  },
]);
