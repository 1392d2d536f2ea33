export { DriverHeatmapPage as Component } from '@/features/analytics/components/driver-heatmap-page';
