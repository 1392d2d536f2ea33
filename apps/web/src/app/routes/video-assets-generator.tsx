export { VideoAssetsPage as Component } from '@/features/video/components/video-assets-page';
